; Highlights for YaoXiang, in the tree-sitter CLI's capture names.
; When several patterns capture the same node, the last one wins (the rule of
; tree-sitter-highlight and Neovim), so general patterns come first and
; specific ones after them.

; Names

(identifier) @variable

((identifier) @constructor
  (#match? @constructor "^[A-Z]"))

((identifier) @variable.builtin
  (#eq? @variable.builtin "self"))

(underscore) @variable.builtin

; Types

(type_identifier) @type

((type_identifier) @type.builtin
  (#any-of? @type.builtin
    "Int" "Float" "Bool" "Char" "String" "Void" "Never" "Any"
    "int8" "int16" "int32" "int64" "uint8" "uint16" "uint32" "uint64" "float32" "float64"))

(meta_type) @type.builtin
"Type" @type.builtin

; Fields, calls

(member_expression
  field: (identifier) @property)

(call_expression
  function: (identifier) @function)

(call_expression
  function: (member_expression
    field: (identifier) @function.method))

; Definitions: functions, methods, types, fields, parameters

(declaration
  target: (identifier) @function
  type: (function_type))

(assignment
  left: (identifier) @function
  right: (lambda))

(declaration
  target: (member_expression
    object: (identifier) @type
    field: (identifier) @function.method)
  type: (function_type))

(assignment
  left: (member_expression
    object: (identifier) @type
    field: (identifier) @function.method)
  right: (index_expression))

(type_definition
  name: (identifier) @type)

(parameter
  name: (identifier) @variable.parameter)

(field_declaration
  name: (identifier) @property)

(field_binding
  name: (identifier) @property
  function: (identifier) @function)

(named_argument
  name: (identifier) @variable.parameter)

(label
  name: (identifier) @label)

; Modules

(module_path
  (identifier) @module)

(use_statement
  alias: (identifier) @module)

; Literals

[
  (string)
  (multiline_string)
  (fstring)
] @string

(char) @string

(pair
  key: (string) @property)

(escape_sequence) @string.escape

(interpolation
  "{" @punctuation.special
  "}" @punctuation.special) @embedded

(format_spec) @string.special

(integer) @number
(float) @number

(boolean) @constant.builtin
(void) @constant.builtin

; Keywords, operators, punctuation

"use" @keyword

[
  "as"
  "ref"
  "unsafe"
] @keyword

(visibility) @keyword
(mutability) @keyword

[
  "if"
  "else"
  "match"
] @keyword.conditional

[
  "while"
  "for"
  "in"
  "break"
  "continue"
] @keyword.repeat

"return" @keyword.return

"spawn" @keyword.coroutine

[
  "and"
  "or"
] @keyword.operator

[
  "+" "-" "*" "/" "%"
  "==" "!=" "<" "<=" ">" ">="
  "!" "&" "&mut"
  "=" "=>" "->" ".." "?"
] @operator

[
  "(" ")"
  "[" "]"
  "{" "}"
] @punctuation.bracket

[
  "," "." ":" "::" ";"
] @punctuation.delimiter

(interpolation
  [
    "{"
    "}"
  ] @punctuation.special)

"f\"" @string

; Comments last: nothing inside a comment is anything else.

[
  (line_comment)
  (block_comment)
] @comment
