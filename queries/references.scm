; Uses of names: every identifier is a reference for locals, and calls are
; tags' call references (a plain function or a method by its field).

(identifier) @reference

(type_identifier) @reference

; Names that are no use of a binding: a label, an argument's or a field's name,
; a member after `.`, a constructor pattern's name, the segments of a module
; path or of a qualified pattern, a parameter's name.
[
  (label name: (identifier) @unbound)
  (named_argument name: (identifier) @unbound)
  (member_expression field: (identifier) @unbound)
  (field_declaration name: (identifier) @unbound)
  (field_binding name: (identifier) @unbound)
  (constructor_pattern name: (identifier) @unbound)
  (parameter name: (identifier) @unbound)
  (module_path (identifier) @unbound)
  (qualified_pattern (identifier) @unbound)
]

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (member_expression
    field: (identifier) @name)) @reference.call
