; Scopes for config.toml: brackets with `not_in = ["string", "comment"]` (the
; quotes) do not auto-close inside these nodes. An f-string's interpolations
; are inside its node, so they count as string too, as in Zed's Rust support.

[
  (string)
  (multiline_string)
  (fstring)
  (char)
] @string

[
  (line_comment)
  (block_comment)
] @comment
