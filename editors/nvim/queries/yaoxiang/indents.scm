; nvim-treesitter's indent captures; also read by this package's indentexpr.
[
  (block)
  (record_type)
  (match_block)
  (use_list)
  (list)
  (dictionary)
  (type_arguments)
] @indent.begin

; Continuation lines: an operand or a `.field` on the next line.
[
  (binary_expression)
  (member_expression)
] @indent.begin

; Inside brackets whose first element follows the opening one on the same
; line, continuation lines align under that element.
([
  (arguments)
  (parameters)
  (lambda_parameters)
  (tuple)
] @indent.align
  (#set! indent.open_delimiter "(")
  (#set! indent.close_delimiter ")"))

[
  "}"
  "]"
  ")"
] @indent.end @indent.branch

; Comment and multi-line string bodies keep the indentation they were written with.
[
  (line_comment)
  (block_comment)
  (multiline_string)
] @indent.auto
