; What `use` brings in: the module (a tags reference) and the names it binds
; (locals definitions): `use m.{a}` binds `a`, `use m.{a as b}` binds `b`,
; `use m as n` binds `n`, `use std.io` binds `io` (the path's last name).

(use_statement
  path: (module_path) @name) @reference.module

(use_item
  name: (identifier) @definition.local
  !alias)

(use_item
  alias: (identifier) @definition.local)

(use_statement
  !items
  alias: (identifier) @definition.local)

(use_statement
  path: (module_path
    (identifier) @definition.local .)
  !items
  !alias)
