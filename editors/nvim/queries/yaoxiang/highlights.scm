; GENERATED from tree-sitter-yaoxiang/queries/highlights.scm with Neovim's capture names: edit the source,
; then run `npm run generate:editor-queries`.
; When several patterns capture the same node, the last one wins.

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
  field: (identifier) @variable.member)

(call_expression
  function: (identifier) @function.call)

(call_expression
  function: (member_expression
    field: (identifier) @function.method.call))

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
  name: (identifier) @type.definition)

(parameter
  name: (identifier) @variable.parameter)

(field_declaration
  name: (identifier) @variable.member)

(field_binding
  name: (identifier) @variable.member
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

(char) @character

(pair
  key: (string) @variable.member)

(escape_sequence) @string.escape

(interpolation
  "{" @punctuation.special
  "}" @punctuation.special)

(format_spec) @string.special

(integer) @number
(float) @number.float

(boolean) @boolean
(void) @constant.builtin

; Keywords, operators, punctuation

"use" @keyword.import

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
