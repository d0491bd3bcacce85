; Definitions with their kinds: what `yaoxiang symbols` calls a function, a
; method, a record, an interface, a generic type or a type. The source of the
; definition patterns of tree-sitter-yaoxiang/queries/tags.scm
; (scripts/queries.ts: record and generic become tags' `class`).

; Functions: a binding whose type is a signature, or whose value is a lambda.
(declaration
  target: (identifier) @name
  type: (function_type)) @definition.function

(assignment
  left: (identifier) @name
  right: (lambda)) @definition.function

; Methods: `Point.draw: (self: &Point) -> Void = …`, `Point.draw = draw[0]` (RFC-004)
; and `Point.draw = (self) => …`; not field writes such as `self.x = 1`.
(declaration
  target: (member_expression
    field: (identifier) @name)
  type: (function_type)) @definition.method

(assignment
  left: (member_expression
    field: (identifier) @name)
  right: [(index_expression) (lambda)]) @definition.method

; A record type with parameters is generic: `Box: (T: Type) -> Type = { value: T }`.
(type_definition
  name: (identifier) @name
  parameters: (_)
  definition: (record_type)) @definition.generic

; A record whose first member is a function-typed field
; (`Drawable: Type = { draw: (self: Self) -> Void }`) is an interface.
(type_definition
  name: (identifier) @name
  !parameters
  definition: (record_type
    .
    (field_declaration
      type: (function_type)))) @definition.interface

(type_definition
  name: (identifier) @name
  !parameters
  definition: (record_type
    .
    [
      (field_declaration
        type: [
          (type_identifier) (generic_type) (reference_type) (pointer_type) (tuple_type)
          (record_type) (meta_type) (integer) (unary_expression)
        ])
      (field_binding)
      (type_identifier)
      (generic_type)
      (const_expression)
    ])) @definition.record

; An empty record: the definition ends in `{}`.
((type_definition
  name: (identifier) @name
  !parameters
  definition: (record_type)) @definition.record
  (#match? @definition.record "[{][ \t\r\n]*[}]$"))

; Aliases and other type definitions: `IntList: Type = List(Int)`.
(type_definition
  name: (identifier) @name
  definition: [
    (type_identifier) (generic_type) (function_type) (tuple_type) (reference_type)
    (pointer_type) (meta_type)
  ]) @definition.type
