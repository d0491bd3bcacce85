; Scopes and the names bound in them: the source of
; tree-sitter-yaoxiang/queries/locals.scm and editors/nvim/queries/yaoxiang/locals.scm
; (scripts/queries.ts: `@scope` and `@definition.local` become `@local.scope`
; and `@local.definition`, for Neovim `@local.definition.KIND` by the pattern).

(source_file) @scope
(block) @scope
(lambda) @scope
(for_expression) @scope
(spawn_expression) @scope
(list_comprehension) @scope
(match_arm) @scope
(function_type) @scope
; A type definition binds names only when it has parameters (`Box: (T: Type) -> Type = …`).
(type_definition
  parameters: (_)) @scope

; A declaration binds a function when its type is a signature, a value
; otherwise: three disjoint patterns so editors that type their definitions
; (Neovim's @local.definition.function / .var) see each name once.
; test/queries/generated.test.ts checks that the typed two cover every `_type`.
(declaration
  target: (identifier) @definition.local
  type: (function_type))

(declaration
  target: (identifier) @definition.local
  type: [
    (type_identifier) (generic_type) (tuple_type) (record_type) (reference_type)
    (pointer_type) (meta_type) (integer) (unary_expression) (const_expression)
  ])

(declaration
  target: (identifier) @definition.local
  !type)

(assignment
  left: (identifier) @definition.local)

(destructuring_assignment
  name: (identifier) @definition.local)

(type_definition
  name: (identifier) @definition.local)

(parameter
  name: (identifier) @definition.local)

(for_expression
  variable: (identifier) @definition.local)

(spawn_expression
  variable: (identifier) @definition.local)

(list_comprehension
  variable: (identifier) @definition.local)

(match_arm
  pattern: (identifier) @definition.local)

(tuple_pattern
  (identifier) @definition.local)

(constructor_pattern
  (identifier) @definition.local)

(struct_pattern
  field: (identifier) @definition.local)

; The statement a parameter belongs to (its container): the nearest
; declaration, assignment or type definition around it, and its target.
(declaration
  target: (_) @owner.name) @owner

(assignment
  left: (_) @owner.name) @owner

(type_definition
  name: (_) @owner.name) @owner
