; Uses of names: every identifier is a reference for locals, and calls are
; tags' call references (a plain function or a method by its field).

(identifier) @reference

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (member_expression
    field: (identifier) @name)) @reference.call
