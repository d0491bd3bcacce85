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
  target: (identifier) @local.definition)

(assignment
  left: (identifier) @local.definition)

(destructuring_assignment
  name: (identifier) @local.definition)

(type_definition
  name: (identifier) @local.definition)

(parameter
  name: (identifier) @local.definition)

(for_expression
  variable: (identifier) @local.definition)

(spawn_expression
  variable: (identifier) @local.definition)

(list_comprehension
  variable: (identifier) @local.definition)

(match_arm
  pattern: (identifier) @local.definition)

(tuple_pattern
  (identifier) @local.definition)

(constructor_pattern
  (identifier) @local.definition)

(struct_pattern
  field: (identifier) @local.definition)

(use_item
  name: (identifier) @local.definition
  !alias)

(use_item
  alias: (identifier) @local.definition)

(use_statement
  !items
  alias: (identifier) @local.definition)

; References

(identifier) @local.reference
