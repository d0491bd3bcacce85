; Every bracketed construct that spans lines folds.
[
  (block)
  (record_type)
  (match_block)
  (use_list)
  (arguments)
  (list)
  (dictionary)
  (block_comment)
  (multiline_string)
] @fold
