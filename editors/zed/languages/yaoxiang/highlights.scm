; GENERATED from tree-sitter-yaoxiang/queries/highlights.scm with Zed's capture names: edit the source,
; then run `npm run generate:editor-queries`.
; When several patterns capture the same node, the last one wins.

; Names

(identifier) @variable

((identifier) @constructor
  (#match? @constructor "^[A-Z]"))

((identifier) @variable.special
  (#eq? @variable.special "self"))

(underscore) @variable.special

; Types

(type_identifier) @type

((type_identifier) @type
  (#any-of? @type
    "Int" "Float" "Bool" "Char" "String" "Void" "Never" "Any"
    "int8" "int16" "int32" "int64" "uint8" "uint16" "uint32" "uint64" "float32" "float64"))

(meta_type) @type
"Type" @type

; Fields, calls

(member_expression
  field: (identifier) @property)

(call_expression
  function: (identifier) @function)

(call_expression
  function: (member_expression
    field: (identifier) @function))

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
    field: (identifier) @function)
  type: (function_type))

(assignment
  left: (member_expression
    object: (identifier) @type
    field: (identifier) @function)
  right: (index_expression))

(type_definition
  name: (identifier) @type)

(parameter
  name: (identifier) @variable)

(field_declaration
  name: (identifier) @property)

(field_binding
  name: (identifier) @property
  function: (identifier) @function)

(named_argument
  name: (identifier) @variable)

(label
  name: (identifier) @label)

; Modules

(module_path
  (identifier) @type)

(use_statement
  alias: (identifier) @type)

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

(boolean) @boolean
(void) @constant

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
] @keyword

[
  "while"
  "for"
  "in"
  "break"
  "continue"
] @keyword

"return" @keyword

"spawn" @keyword

[
  "and"
  "or"
] @keyword

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
