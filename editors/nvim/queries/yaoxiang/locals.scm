; Neovim locals for YaoXiang (nvim-treesitter capture names).

; Scopes

(source_file) @local.scope
(block) @local.scope
(lambda) @local.scope
(for_expression) @local.scope
(spawn_expression) @local.scope
(list_comprehension) @local.scope
(match_arm) @local.scope
(function_type) @local.scope
(type_definition) @local.scope

; Definitions

(declaration
  target: (identifier) @local.definition.function
  type: (function_type))

(declaration
  target: (identifier) @local.definition.var
  type: [
    (type_identifier) (generic_type) (tuple_type) (record_type) (reference_type)
    (pointer_type) (meta_type) (integer) (unary_expression)
  ])

(declaration
  (mutability)
  target: (identifier) @local.definition.var
  !type)

(assignment
  left: (identifier) @local.definition.var)

(destructuring_assignment
  name: (identifier) @local.definition.var)

(type_definition
  name: (identifier) @local.definition.type)

(parameter
  name: (identifier) @local.definition.parameter)

(for_expression
  variable: (identifier) @local.definition.var)

(spawn_expression
  variable: (identifier) @local.definition.var)

(list_comprehension
  variable: (identifier) @local.definition.var)

(match_arm
  pattern: (identifier) @local.definition.var)

(tuple_pattern
  (identifier) @local.definition.var)

(constructor_pattern
  (identifier) @local.definition.var)

(struct_pattern
  field: (identifier) @local.definition.var)

(use_item
  name: (identifier) @local.definition.import
  !alias)

(use_item
  alias: (identifier) @local.definition.import)

(use_statement
  !items
  alias: (identifier) @local.definition.import)

; References

(identifier) @local.reference
