; Zed's outline panel: type definitions, functions, methods, top-level
; bindings, and the fields of records.

(type_definition
  (visibility)? @context
  name: (identifier) @name) @item

(declaration
  (visibility)? @context
  target: (identifier) @name) @item

(declaration
  (visibility)? @context
  target: (member_expression
    object: (identifier) @context
    field: (identifier) @name)) @item

(source_file
  (assignment
    (visibility)? @context
    left: (identifier) @name) @item)

(field_declaration
  name: (identifier) @name) @item
