; YaoXiang embeds no other language; f-string interpolations are parsed by the
; grammar itself.
([
  (line_comment)
  (block_comment)
] @injection.content
  (#set! injection.language "comment"))
