; Zed highlights for YaoXiang (Zed theme captures). Later patterns win.

(identifier) @variable

((identifier) @constructor
  (#match? @constructor "^[A-Z]"))

((identifier) @variable.special
  (#eq? @variable.special "self"))

(underscore) @variable.special

(type_identifier) @type
(meta_type) @type
"Type" @type

(member_expression
  field: (identifier) @property)

(call_expression
  function: (identifier) @function)

(call_expression
  function: (member_expression
    field: (identifier) @function.method))

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

(type_definition
  name: (identifier) @type)

(parameter
  name: (identifier) @variable.parameter)

(field_declaration
  name: (identifier) @property)

(field_binding
  name: (identifier) @property)

(named_argument
  name: (identifier) @property)

(label
  name: (identifier) @label)

(module_path
  (identifier) @namespace)

[
  (string)
  (multiline_string)
  (fstring)
  (char)
] @string

(escape_sequence) @string.escape
(format_spec) @string.special

(pair
  key: (string) @property)

(integer) @number
(float) @number
(boolean) @boolean
(void) @constant

[
  "use" "as" "ref" "unsafe" "if" "else" "match" "while" "for" "in"
  "break" "continue" "return" "spawn" "and" "or"
  (visibility) (mutability)
] @keyword

[
  "+" "-" "*" "/" "%" "==" "!=" "<" "<=" ">" ">="
  "!" "&" "&mut" "=" "=>" "->" ".." "?"
] @operator

["(" ")" "[" "]" "{" "}"] @punctuation.bracket

["," "." ":" "::" ";"] @punctuation.delimiter

(interpolation
  ["{" "}"] @punctuation.special) @embedded

"f\"" @string

[(line_comment) (block_comment)] @comment
