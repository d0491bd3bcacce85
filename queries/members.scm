; Members: the fields and methods of a type, and member accesses. The binding
; model resolves an access through its receiver's type (src/analysis/model/).

; Fields of a record type definition (not of a record type nested in a field's
; type); a `name = f[0]` binding in the record is a method.
(type_definition
  definition: (record_type
    (field_declaration
      name: (identifier) @definition.field)))

(type_definition
  definition: (record_type
    (field_binding
      name: (identifier) @definition.member_method)))

; Methods declared on a type: `Point.draw: (self: &Point) -> Void = …`, and at
; module level `Point.draw = …` (a write to a value's field is no method).
(declaration
  target: (member_expression
    object: (_) @definition.receiver
    field: (identifier) @definition.method))

(assignment
  left: (member_expression
    object: (identifier) @definition.receiver
    field: (identifier) @definition.assigned_method))

; A member access `object.field`.
(member_expression
  object: (_) @member.object
  field: (identifier) @member)
