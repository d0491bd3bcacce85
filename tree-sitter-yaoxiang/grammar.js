/**
 * @file YaoXiang (爻象) grammar for tree-sitter
 * @author yaoxiang-analyzer contributors
 * @license MIT
 * @see {@link https://github.com/ChenXu233/YaoXiang|YaoXiang reference compiler (v0.7.12)}
 *
 * The grammar follows what the v0.7.12 reference lexer and parser accept
 * (src/frontend/core/{lexer,parser}). Newlines are not tokens: a statement
 * ends where the expression cannot continue. The only line-sensitive decisions
 * (RFC-038 as implemented) are made by the external scanner: a postfix `(`,
 * `[` or `?` never continues across a line break, and a `.` at the start of a
 * line continues only a chainable expression. See README.md for the list of
 * reference quirks and whether we replicate them.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// Binding powers of the reference Pratt parser (parser/pratt/precedence.rs),
// shifted so that prefix operators sit between postfix operators and `as`.
const PREC = {
  lambda: 0, // `=>` body extends as far as possible (bp 0)
  assign: 1, // `=`, right-associative, shares its level with `..`
  range: 1, // `..`, left-associative
  or: 2,
  and: 3,
  equality: 4,
  comparison: 5,
  additive: 6,
  multiplicative: 7,
  cast: 8,
  unary: 9, // - + ! * & &mut ref
  postfix: 10, // call, index, field, try
};

const BINARY_OPERATORS = [
  [prec.left, PREC.range, '..'],
  [prec.left, PREC.or, 'or'],
  [prec.left, PREC.and, 'and'],
  [prec.left, PREC.equality, choice('==', '!=')],
  [prec.left, PREC.comparison, choice('<', '<=', '>', '>=')],
  [prec.left, PREC.additive, choice('+', '-')],
  [prec.left, PREC.multiplicative, choice('*', '/', '%')],
];

const DIGITS = /[0-9][0-9_]*/;
const FRACTION = /(_?[0-9])+/;
const EXPONENT = /[eE][+-]?(_?[0-9])+/;

module.exports = grammar({
  name: 'yaoxiang',


  externals: $ => [
    $._call_lparen, // `(` with no line break before it: call / type application
    $._index_lbracket, // `[` with no line break before it: indexing
    $._try_question, // `?` with no line break before it: try
    $._dot, // `.` on the same line as the expression it follows
    $._line_dot, // `.` that starts a line: continues chainable expressions only
    $.block_comment, // `/* … */`, nesting
    // Identifiers are lexed by the scanner so that a keyword is never an
    // identifier, in any position (the reference's keyword table; reserved
    // words would need ABI 15). `Type` is a keyword only in type positions.
    // There is deliberately no `word` rule: keyword extraction over an
    // external word token made incremental reparses 4.5x slower (tree-sitter
    // then reuses an identifier only in the exact parse state it was lexed in;
    // measured 2.6 ms -> 11.7 ms median on a 10,000-line file).
    $.identifier,
    'Type',
    // Text inside strings is lexed by the scanner too, so that it never
    // mistakes the words or `/*` of a string for identifiers or comments.
    $._string_text, // in "…": up to `"`, `\\` or a line break
    $._fstring_text, // in f"…": also stops at `{`
    $.format_spec, // after the last `:` of an interpolation
    // Lexer errors of the reference (`&&`, `||`, `0x`, `1e`, `3.14_`, `2else`):
    // no rule accepts this token, so the parser reports it as an ERROR.
    $._invalid_token,
    // Zero-width, at a line break before a token that cannot continue the
    // statement (a name, a literal, `(`, `[`, `!`, …). It changes nothing the
    // grammar accepts; it lets the next statement's first token be lexed in the
    // state that starts a statement, which is what tree-sitter needs to reuse
    // top-level statements after an edit.
    $._statement_break,
    // Never emitted: valid where a complete statement may still take a name or
    // literal from the next line, it tells the scanner not to break there
    // (`return⏎b = 1` returns `b = 1`; `use std.⏎x` is the path `std.x`).
    $._statement_continues,
    // Zero-width, before a `while` or `for` body without braces, where one may
    // begin: a name, a literal. The reference's condition (or iterable) is an
    // expression parsed as far as it goes, so `while d * d <= n {` and
    // `while i + 1 < n {` continue it with the operator; tree-sitter would
    // otherwise prefer a body that starts with a prefix `*` or `+`.
    $._braceless_body,
    $._error_sentinel, // valid only during error recovery
  ],

  extras: $ => [/[ \t\r\n]/, $.line_comment, $.block_comment],

  supertypes: $ => [$._statement, $._expression, $._type, $._pattern],

  inline: $ => [$._chainable, $._target, $._type_identifier, $._pub_modifiers, $._mut_modifiers, $._statement_item],

  conflicts: $ => [
    // `(a, b)` is a tuple until `=>` shows it is a lambda parameter list, and
    // `(a)` a parenthesized expression.
    [$._expression, $._lambda_parameter_name],
    // `(c, d) = …` at statement start destructures only if `)` is followed by `=`.
    [$._expression, $._lambda_parameter_name, $.destructuring_assignment],
    // `Name: (T: Type) -> Type = { … }` defines a generic type when the right-hand
    // side parses as a record body, otherwise it is a type-level function.
    [$.type_definition, $.meta_type],
  ],

  rules: {
    source_file: $ => repeat($._statement_item),

    _statement_item: $ => choice(seq($._statement, optional($._statement_break)), ';'),

    // Section - Statements

    _statement: $ => choice(
      $.use_statement,
      $.type_definition,
      $.declaration,
      $.assignment,
      $.destructuring_assignment,
      $.expression_statement,
    ),

    expression_statement: $ => $._expression,

    use_statement: $ => prec.right(seq(
      'use',
      field('path', $.module_path),
      optional(field('items', $.use_list)),
      optional(seq('as', field('alias', $.identifier))),
    )),

    // The dot before `{` belongs to the path, as in the reference's path loop.
    module_path: $ => prec.right(seq(
      $.identifier,
      repeat(seq('.', $.identifier)),
      optional(seq('.', optional($._statement_continues))),
    )),

    use_list: $ => seq('{', repeat(seq($.use_item, optional(','))), '}'),

    use_item: $ => seq(
      repeat('pub'),
      field('name', $.identifier),
      optional(seq('as', field('alias', $.identifier))),
    ),

    // `x: Int = 1`, `pub mut n: Int`, `add: (a: Int) -> Int = a + 1`,
    // `Point.draw: (self: &Point) -> Void = { … }`, and `mut x` alone.
    declaration: $ => choice(
      prec.right(seq(
        optional($._pub_modifiers),
        field('target', $._target),
        ':',
        field('type', $._annotation),
        optional(seq('=', field('value', $._expression))),
      )),
      prec.right(seq(
        $._mut_modifiers,
        field('target', $.identifier),
        ':',
        field('type', $._annotation),
        optional(seq('=', field('value', $._expression))),
      )),
      seq($._mut_modifiers, field('target', $.identifier)),
    ),

    // `Point: Type = { x: Float }` and `List: (T: Type) -> Type = { data: Array(T) }`:
    // the right-hand side is a type, not an expression.
    type_definition: $ => choice(
      prec.right(1, seq(
        optional($._pub_modifiers),
        field('name', $.identifier),
        ':',
        'Type',
        '=',
        field('definition', $._type),
      )),
      prec.right(seq(
        optional($._pub_modifiers),
        field('name', $.identifier),
        ':',
        field('parameters', alias($._parenthesized_types, $.parameters)),
        '->',
        'Type',
        '=',
        prec.dynamic(1, field('definition', $.record_type)),
      )),
    ),

    // `x = 1`, `pub mut counter = 0`, `p.x = 3`, `a[0] = 2`, `mut total = 0`
    assignment: $ => choice(
      prec.right(PREC.assign + 1, seq(
        optional($._pub_modifiers),
        field('left', $._expression),
        '=',
        field('right', $._expression),
      )),
      // After `mut` the reference takes a single name (parser/statements/mut.rs).
      prec.right(PREC.assign + 1, seq(
        $._mut_modifiers,
        field('left', $.identifier),
        '=',
        field('right', $._expression),
      )),
    ),

    // `a, b = t`, `(c, d) = spawn { … }`
    destructuring_assignment: $ => prec.right(seq(
      choice(
        seq(
          field('name', $.identifier),
          ',',
          optional(seq(sep1(field('name', $.identifier), ','), optional(','))),
        ),
        seq('(', sep1(field('name', $.identifier), ','), optional(','), ')'),
      ),
      '=',
      field('value', $._expression),
    )),

    _pub_modifiers: $ => seq($.visibility, optional($.mutability)),
    _mut_modifiers: $ => seq($.mutability, optional($.visibility)),

    visibility: _ => 'pub',
    mutability: _ => 'mut',

    _target: $ => choice($.identifier, $.member_expression, $.index_expression),

    label: $ => seq('::', field('name', $.identifier)),

    // Section - Expressions

    _expression: $ => choice(
      $.identifier,
      $.underscore,
      $.integer,
      $.float,
      $.boolean,
      $.void,
      $.string,
      $.multiline_string,
      $.fstring,
      $.char,
      $.unit,
      $.parenthesized_expression,
      $.tuple,
      $.list,
      $.list_comprehension,
      $.dictionary,
      $.block,
      $.if_expression,
      $.match_expression,
      $.while_expression,
      $.for_expression,
      $.spawn_expression,
      $.unsafe_expression,
      $.call_expression,
      $.index_expression,
      $.member_expression,
      $.try_expression,
      $.unary_expression,
      $.ref_expression,
      $.binary_expression,
      $.cast_expression,
      $.assignment_expression,
      $.lambda,
      $.return_expression,
      $.break_expression,
      $.continue_expression,
    ),

    parenthesized_expression: $ => seq('(', $._expression, ')'),

    unit: _ => seq('(', ')'),

    tuple: $ => seq(
      '(',
      $._expression,
      ',',
      optional(seq(sep1($._expression, ','), optional(','))),
      ')',
    ),

    // Commas between list elements are optional in the reference.
    list: $ => seq('[', repeat(seq($._expression, optional(','))), ']'),

    list_comprehension: $ => prec(1, seq(
      '[',
      field('element', $._expression),
      'for',
      field('variable', $.identifier),
      'in',
      field('iterable', $._expression),
      ']',
    )),

    // `{}` in expression position is an empty dictionary, as in the reference.
    dictionary: $ => prec(1, seq(
      '{',
      optional(seq(sep1($.pair, ','), optional(','))),
      '}',
    )),

    pair: $ => seq(field('key', $.string), ':', field('value', $._expression)),

    block: $ => seq('{', repeat($._statement_item), '}'),

    if_expression: $ => prec.right(seq(
      'if',
      field('condition', $._expression),
      field('consequence', $.block),
      repeat(field('alternative', $.else_if_clause)),
      optional(field('alternative', $.else_clause)),
    )),

    else_if_clause: $ => prec(2, seq(
      'else', 'if',
      field('condition', $._expression),
      field('consequence', $.block),
    )),

    // The reference's statement form also takes `else <expression>` without braces.
    else_clause: $ => prec.right(1, seq('else', field('body', choice(alias($._brace_block, $.block), prec.dynamic(-1, $._expression))))),

    match_expression: $ => seq(
      'match',
      field('value', $._expression),
      field('body', $.match_block),
    ),

    match_block: $ => seq('{', repeat(seq($.match_arm, optional(','))), '}'),

    match_arm: $ => seq(
      field('pattern', $._pattern),
      '=>',
      field('value', choice(prec(1, $.block), $._expression)),
    ),

    while_expression: $ => prec.right(1, seq(
      'while',
      field('condition', $._expression),
      field('body', choice(alias($._brace_block, $.block), seq($._braceless_body, prec.dynamic(-1, $._expression)))),
    )),

    for_expression: $ => prec.right(1, seq(
      'for',
      optional($.mutability),
      field('variable', $.identifier),
      'in',
      field('iterable', $._expression),
      field('body', choice(alias($._brace_block, $.block), seq($._braceless_body, prec.dynamic(-1, $._expression)))),
    )),

    spawn_expression: $ => seq(
      'spawn',
      choice(
        field('body', $.block),
        seq(
          'for',
          field('variable', $.identifier),
          optional($.mutability),
          'in',
          field('iterable', $._expression),
          field('body', $.block),
        ),
      ),
    ),

    unsafe_expression: $ => prec(PREC.unary, seq(
      'unsafe',
      field('body', choice(prec(1, $.block), $._expression)),
    )),

    call_expression: $ => prec(PREC.postfix, seq(
      field('function', $._expression),
      field('arguments', $.arguments),
    )),

    arguments: $ => seq(
      alias($._call_lparen, '('),
      optional(seq(sep1(choice($._expression, $.named_argument), ','), optional(','))),
      ')',
    ),

    named_argument: $ => prec(PREC.assign + 1, seq(
      field('name', $.identifier),
      '=',
      field('value', $._expression),
    )),

    index_expression: $ => prec(PREC.postfix, seq(
      field('value', $._expression),
      alias($._index_lbracket, '['),
      field('index', sep1($._expression, ',')),
      ']',
    )),

    member_expression: $ => prec(PREC.postfix, choice(
      seq(field('object', $._expression), alias($._dot, '.'), field('field', $.identifier)),
      seq(field('object', $._chainable), alias($._line_dot, '.'), field('field', $.identifier)),
    )),

    // A line-leading `.` continues only these (reference: can_continue_expression).
    _chainable: $ => choice(
      $.identifier,
      $.call_expression,
      $.index_expression,
      $.member_expression,
      $.list,
      $.tuple,
    ),

    try_expression: $ => prec(PREC.postfix, seq(field('value', $._expression), alias($._try_question, '?'))),

    unary_expression: $ => prec(PREC.unary, seq(
      field('operator', choice('-', '+', '!', '*', '&', '&mut')),
      field('operand', $._expression),
    )),

    ref_expression: $ => prec(PREC.unary, seq('ref', field('value', $._expression))),

    binary_expression: $ => choice(...BINARY_OPERATORS.map(([assoc, level, operator]) =>
      // @ts-ignore: the table holds prec.left
      assoc(level, seq(
        field('left', $._expression),
        // @ts-ignore
        field('operator', operator),
        field('right', $._expression),
      )),
    )),

    cast_expression: $ => prec.left(PREC.cast, seq(
      field('value', $._expression),
      'as',
      field('type', $._type),
    )),

    assignment_expression: $ => prec.right(PREC.assign, seq(
      field('left', $._expression),
      '=',
      field('right', $._expression),
    )),

    lambda: $ => prec.right(PREC.lambda, seq(
      field('parameters', choice(
        alias($._single_lambda_parameter, $.lambda_parameters),
        $.lambda_parameters,
      )),
      '=>',
      field('body', choice(alias($._brace_block, $.block), $._expression)),
    )),

    // The brace body of a lambda, `else`, `while` or `for` is always a block,
    // even `{}` (never a dictionary), where an expression could also stand.
    _brace_block: $ => prec(2, seq('{', repeat($._statement_item), '}')),

    _lambda_parameter_name: $ => choice($.identifier, $.underscore),

    lambda_parameters: $ => seq(
      '(',
      optional(seq(sep1(choice($.parameter, alias($._bare_parameter, $.parameter)), ','), optional(','))),
      ')',
    ),

    _bare_parameter: $ => field('name', $._lambda_parameter_name),

    _single_lambda_parameter: $ => alias($._bare_parameter, $.parameter),

    return_expression: $ => prec.right(seq(
      'return',
      optional(seq(optional($._statement_continues), field('value', $._expression))),
    )),
    break_expression: $ => prec.right(seq('break', optional($.label))),
    continue_expression: $ => prec.right(seq('continue', optional($.label))),

    // Section - Types

    _type: $ => choice(
      $._type_identifier,
      $.meta_type,
      $.generic_type,
      alias($._parenthesized_types, $.tuple_type),
      $.function_type,
      $.record_type,
      $.pointer_type,
      $.reference_type,
      // Const arguments and refinement bounds: `IsSmall(5)`, `IsSmall(-1)`.
      $.integer,
      alias($._negative_integer, $.unary_expression),
    ),

    meta_type: _ => 'Type',

    _type_identifier: $ => alias($.identifier, $.type_identifier),

    // `List(Int)`, `Array(T, N)`, `Assert(N > 0)`, `IsSmall(-1)`, `Point(x: Int, mut y: Int)`
    generic_type: $ => prec(1, seq(
      field('name', $._type_identifier),
      field('arguments', $.type_arguments),
    )),

    type_arguments: $ => seq(
      alias($._call_lparen, '('),
      optional(seq(sep1($._type_argument, ','), optional(','))),
      ')',
    ),

    _type_argument: $ => choice(
      $._type,
      $.parameter,
      $.const_expression,
    ),

    _negative_integer: $ => seq(field('operator', '-'), field('operand', $.integer)),

    // `()`, `(Int, String)`, `(T)`; followed by `->` the same list is a parameter list.
    _parenthesized_types: $ => seq(
      '(',
      optional(seq(sep1(choice($._type, $.parameter), ','), optional(','))),
      ')',
    ),

    // `(a: Int, b: Int) -> Int`, `(T: Type) -> (x: T) -> T`, `() -> Void`
    function_type: $ => prec.right(seq(
      field('parameters', alias($._parenthesized_types, $.parameters)),
      '->',
      field('return_type', $._type),
    )),

    parameter: $ => choice(
      seq(
        optional($.mutability),
        field('name', $._lambda_parameter_name),
        ':',
        field('type', choice($._type, $.const_expression)),
      ),
      seq($.mutability, field('name', $._lambda_parameter_name)),
    ),

    pointer_type: $ => seq('*', field('type', $._type)),

    reference_type: $ => seq(choice('&', '&mut'), field('type', $._type)),

    record_type: $ => seq(
      '{',
      optional(seq(sep1($._record_item, ','), optional(','))),
      '}',
    ),

    _record_item: $ => choice(
      $.field_declaration,
      $.field_binding,
      $._type_identifier, // interface constraint
      $.generic_type, // anonymous type expression, e.g. Assert(N > 0)
      $.const_expression, // refinement, e.g. x < 100
    ),

    // `x: Float`, `y mut: Float = 0`, `d: ((a: P) -> F)[0] = ((a) => a.x)`
    field_declaration: $ => seq(
      field('name', $.identifier),
      optional($.mutability),
      ':',
      field('type', $._type),
      optional(field('positions', $.binding_positions)),
      optional(seq('=', field('default', $._expression))),
    ),

    // RFC-004 built-in binding: `distance = distance[0]`, `d2 = dist`
    field_binding: $ => seq(
      field('name', $.identifier),
      '=',
      field('function', $.identifier),
      optional(field('positions', $.binding_positions)),
    ),

    binding_positions: $ => seq(
      choice('[', alias($._index_lbracket, '[')),
      repeat(seq(choice($.integer, alias($._negative_integer, $.unary_expression)), optional(','))),
      ']',
    ),

    // A binding's annotation: a name followed by an operator is an expression to
    // the reference (`y: Int > 0 = 6`, `y: Int == 6`), which takes the `= 6` into
    // it; `Type`, a constructor and a path end the type first.
    _annotation: $ => choice($._type, alias($._annotation_binary, $.const_expression)),

    _annotation_binary: $ => choice(...BINARY_OPERATORS.map(([assoc, level, operator]) =>
      // @ts-ignore
      assoc(level, seq(
        field('left', choice($.identifier, alias($._annotation_binary, $.binary_expression))),
        // @ts-ignore
        field('operator', operator),
        field('right', $._expression),
      )),
    )),

    // Inside types, a name followed by an operator starts an expression:
    // `Assert(N > 0 and N < 10)`, `{ x < 100 }`, `(T: Clone + Add)`, `(T: Type + Ord)`.
    const_expression: $ => $._const_binary,

    _const_binary: $ => choice(...BINARY_OPERATORS.map(([assoc, level, operator]) =>
      // @ts-ignore
      assoc(level, seq(
        field('left', choice($.identifier, $.meta_type, alias($._const_binary, $.binary_expression))),
        // @ts-ignore
        field('operator', operator),
        field('right', $._expression),
      )),
    )),

    // Section - Patterns (match arms)

    _pattern: $ => choice(
      $.underscore,
      $.identifier,
      $.integer,
      $.float,
      $.string,
      $.multiline_string,
      $.char,
      $.boolean,
      $.void,
      alias($.unit, $.unit_pattern),
      $.tuple_pattern,
      $.struct_pattern,
    ),

    tuple_pattern: $ => seq(
      '(',
      sep1($._pattern_element, ','),
      optional(','),
      ')',
    ),

    _pattern_element: $ => choice($._pattern, $.constructor_pattern, $.qualified_pattern),

    constructor_pattern: $ => seq(
      field('name', $.identifier),
      alias($._call_lparen, '('),
      sep1($._pattern_element, ','),
      ')',
    ),

    qualified_pattern: $ => seq(
      field('object', $.identifier),
      alias($._dot, '.'),
      field('name', $.identifier),
    ),

    struct_pattern: $ => seq(
      '{',
      field('field', $.identifier),
      optional(seq(alias($._call_lparen, '('), field('pattern', $._pattern_element), ')')),
      '}',
    ),

    // Section - Literals

    underscore: _ => '_',

    integer: _ => token(choice(
      /0[xX]_*[0-9a-fA-F][0-9a-fA-F_]*/,
      /0[oO]_*[0-7][0-7_]*/,
      /0[bB]_*[01][01_]*/,
      DIGITS,
    )),

    float: _ => token(choice(
      seq(DIGITS, '.', FRACTION, optional(EXPONENT)),
      seq(DIGITS, EXPONENT),
      seq('.', /[0-9](_?[0-9])*/, optional(EXPONENT)),
    )),

    boolean: _ => choice('true', 'false'),

    void: _ => 'void',

    char: _ => token(seq("'", repeat1(choice(/[^'\\\n]/, /\\u\{[0-9a-fA-F]+\}/, /\\x[0-9a-fA-F]{2}/, /\\[^\n]/)), "'")),

    string: $ => seq(
      '"',
      repeat(choice(alias($._string_text, $.string_content), $.escape_sequence)),
      token.immediate('"'),
    ),

    escape_sequence: _ => token.immediate(seq('\\', choice(
      /[ntr\\"'0]/,
      /x[0-9a-fA-F]{2}/,
      /u\{[0-9a-fA-F]+\}/,
    ))),

    // `"""…"""`: may span lines; the first `"""` closes it.
    multiline_string: _ => token(seq(
      '"""',
      repeat(choice(/[^"\\]/, /\\[\s\S]/, /"[^"\\]/, /""[^"\\]/, /"\\[\s\S]/, /""\\[\s\S]/)),
      '"""',
    )),

    fstring: $ => seq(
      'f"',
      repeat(choice(
        alias($._fstring_text, $.string_content),
        $.escape_sequence,
        $.interpolation,
      )),
      token.immediate('"'),
    ),

    interpolation: $ => seq(
      token.immediate('{'),
      field('expression', $._expression),
      optional(seq(':', field('format_spec', $.format_spec))),
      '}',
    ),

    line_comment: _ => token(seq('//', /[^\n]*/)),
  },
});

/**
 * One or more `rule`s separated by `separator`.
 *
 * @param {RuleOrLiteral} rule
 * @param {RuleOrLiteral} separator
 * @returns {SeqRule}
 */
function sep1(rule, separator) {
  return seq(rule, repeat(seq(separator, rule)));
}
