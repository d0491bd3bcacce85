; nvim-treesitter's indent captures; also read by this package's indentexpr.
[
  (block)
  (record_type)
  (match_block)
  (use_list)
  (arguments)
  (list)
  (dictionary)
  (tuple)
  (parameters)
  (lambda_parameters)
  (type_arguments)
] @indent.begin

[
  "}"
  "]"
  ")"
] @indent.end @indent.branch

[
  (line_comment)
  (block_comment)
  (multiline_string)
] @indent.auto
