; Scopes and the names bound in them: the source of
; tree-sitter-yaoxiang/queries/locals.scm (scripts/queries.ts: `@scope` and
; `@definition.local` become `@local.scope` and `@local.definition`).

(source_file) @scope
(block) @scope
(lambda) @scope
(for_expression) @scope
(spawn_expression) @scope
(list_comprehension) @scope
(match_arm) @scope
(function_type) @scope
(type_definition) @scope

(declaration
  target: (identifier) @definition.local)

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
