; YaoXiang embeds no other language; f-string interpolations are parsed by the
; grammar itself.
