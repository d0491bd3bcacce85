; YaoXiang embeds no other language. F-string interpolations are parsed as
; YaoXiang by the grammar itself, so they need no injection.
