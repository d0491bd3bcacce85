/*
 * External scanner for tree-sitter-yaoxiang.
 *
 * YaoXiang has no newline token. The reference parser looks at line breaks in
 * exactly four places (RFC-038 as implemented in v0.7.12): a postfix `(`, `[`
 * or `?` never continues an expression across a line break, and a `.` at the
 * start of a line continues only a chainable expression. The scanner is called
 * before extras are skipped, so it can see whether a newline precedes the next
 * token and emit a distinct token for each case. It also lexes nesting block
 * comments, which a regular expression cannot, and identifiers: a word from
 * the reference's keyword table is never an identifier, in any position
 * (tree-sitter would otherwise take `a.if` as a field named `if`).
 *
 * The scanner keeps no state. It may only call the libc functions that
 * web-tree-sitter exports (see reference/toolchain.md), so it uses none.
 */

#include "tree_sitter/parser.h"

enum TokenType {
  CALL_LPAREN,
  INDEX_LBRACKET,
  TRY_QUESTION,
  DOT,
  LINE_DOT,
  BLOCK_COMMENT,
  IDENTIFIER,
  TYPE_KEYWORD,
  STRING_TEXT,
  FSTRING_TEXT,
  FORMAT_SPEC,
  INVALID_TOKEN,
  STATEMENT_BREAK,
  STATEMENT_CONTINUES,
  BRACELESS_BODY,
  ERROR_SENTINEL,
};

/* lexer/tokens.rs: keywords, `and`/`or`, and the literals true/false/void. */
static const char *const KEYWORDS[] = {
  "pub", "use", "spawn", "ref", "mut", "if", "else", "match", "while", "for", "in",
  "return", "break", "continue", "as", "unsafe", "and", "or", "true", "false", "void",
};

#define MAX_KEYWORD_LENGTH 8

void *tree_sitter_yaoxiang_external_scanner_create(void) { return NULL; }
void tree_sitter_yaoxiang_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_yaoxiang_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_yaoxiang_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

static inline bool is_digit(int32_t c) { return c >= '0' && c <= '9'; }

static inline bool is_word_start(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool is_word_char(int32_t c) { return is_word_start(c) || is_digit(c); }

static bool same_word(const char *word, unsigned length, const char *keyword) {
  unsigned i = 0;
  for (; i < length; i++) {
    if (keyword[i] != word[i]) return false;
  }
  return keyword[i] == '\0';
}

/* Consumes `[A-Za-z0-9_]*`, keeping the first MAX_KEYWORD_LENGTH + 1 characters
 * (enough to compare with any keyword); returns the full length. */
static unsigned read_word(TSLexer *lexer, char word[MAX_KEYWORD_LENGTH + 1]) {
  unsigned length = 0;
  while (is_word_char(lexer->lookahead)) {
    if (length <= MAX_KEYWORD_LENGTH) word[length] = (char)lexer->lookahead;
    length++;
    lexer->advance(lexer, false);
  }
  return length;
}

/* Lexes `[A-Za-z_][A-Za-z0-9_]*`. Keywords, a lone `_` and the `f` of `f"`
 * are left to the grammar's own lexer. Identifiers are claimed even where the
 * grammar expects none (the parser then reports the error), so that a keyword
 * such as `in` is never lexed out of the front of a longer word like `index`. */
static bool scan_word(TSLexer *lexer, const bool *valid_symbols) {
  char word[MAX_KEYWORD_LENGTH + 1];
  unsigned length = read_word(lexer, word);
  if (length == 1 && word[0] == '_') return false;
  if (length == 1 && word[0] == 'f' && lexer->lookahead == '"') return false;
  if (length <= MAX_KEYWORD_LENGTH) {
    for (unsigned i = 0; i < sizeof KEYWORDS / sizeof KEYWORDS[0]; i++) {
      if (same_word(word, length, KEYWORDS[i])) return false;
    }
    if (same_word(word, length, "Type") && valid_symbols[TYPE_KEYWORD]) {
      lexer->mark_end(lexer);
      lexer->result_symbol = TYPE_KEYWORD;
      return true;
    }
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = IDENTIFIER;
  return true;
}

/* Called with the lexer just past the opening slash and star. An unterminated
 * comment runs to the end of the file without error, as in the reference. */
static bool scan_block_comment(TSLexer *lexer) {
  unsigned depth = 1;
  while (depth > 0) {
    if (lexer->eof(lexer)) break;
    int32_t c = lexer->lookahead;
    lexer->advance(lexer, false);
    if (c == '/' && lexer->lookahead == '*') {
      lexer->advance(lexer, false);
      depth++;
    } else if (c == '*' && lexer->lookahead == '/') {
      lexer->advance(lexer, false);
      depth--;
    }
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = BLOCK_COMMENT;
  return true;
}

/* Consumes the one-character token under the cursor. */
static bool finish(TSLexer *lexer, enum TokenType kind) {
  lexer->advance(lexer, false);
  lexer->mark_end(lexer);
  lexer->result_symbol = kind;
  return true;
}

/* After the dot: a second dot is a range, a digit starts a float (`a.0` is
 * `a` followed by the float `.0` in the reference). */
static bool dot_is_member_access(TSLexer *lexer) {
  return lexer->lookahead != '.' && !is_digit(lexer->lookahead);
}

/* Literal text of a string up to (not including) a quote, a backslash, a line
 * break or, in f-strings, an opening brace. Nothing is skipped first: spaces
 * and `//` inside a string are text. */
static bool scan_string_text(TSLexer *lexer, bool stop_at_brace, enum TokenType kind) {
  bool any = false;
  for (;;) {
    int32_t c = lexer->lookahead;
    if (lexer->eof(lexer) || c == '"' || c == '\\' || c == '\n' || (stop_at_brace && c == '{')) break;
    lexer->advance(lexer, false);
    any = true;
  }
  lexer->result_symbol = kind;
  return any;
}

/* The format spec of an interpolation: non-empty, no spaces (RFC-012 as lexed). */
static bool scan_format_spec(TSLexer *lexer) {
  bool any = false;
  while (!lexer->eof(lexer) && lexer->lookahead != '}' && lexer->lookahead != '"' &&
         lexer->lookahead != ' ' && lexer->lookahead != '\t' && lexer->lookahead != '\n' &&
         lexer->lookahead != '\r') {
    lexer->advance(lexer, false);
    any = true;
  }
  lexer->result_symbol = FORMAT_SPEC;
  return any;
}

static inline bool is_hex_digit(int32_t c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static inline bool is_in_base(int32_t c, int32_t base) {
  return base == 16 ? is_hex_digit(c) : base == 8 ? (c >= '0' && c <= '7') : (c == '0' || c == '1');
}

/* Digits of a fraction or exponent: `digit | "_" digit`, at least one. */
static bool scan_separated_digits(TSLexer *lexer) {
  bool any = false;
  for (;;) {
    if (lexer->lookahead == '_') {
      lexer->advance(lexer, false);
      if (!is_digit(lexer->lookahead)) return false;
    } else if (!is_digit(lexer->lookahead)) {
      return any;
    }
    lexer->advance(lexer, false);
    any = true;
  }
}

/* The number rules of the reference lexer (lexer/literals.rs). Returns true,
 * with the bad literal consumed, for what it rejects with E0002: a prefix
 * without digits (`0x`, `0o8`), a fraction or exponent whose `_` is not
 * followed by a digit (`3.14_`), and an exponent without digits (`1e`, and so
 * `2else`). Well-formed numbers are left to the grammar's own lexer. */
static bool scan_invalid_number(TSLexer *lexer) {
  if (lexer->lookahead == '0') {
    lexer->advance(lexer, false);
    int32_t base = 0;
    switch (lexer->lookahead) {
      case 'x': case 'X': base = 16; break;
      case 'o': case 'O': base = 8; break;
      case 'b': case 'B': base = 2; break;
      default: break;
    }
    if (base != 0) {
      lexer->advance(lexer, false);
      while (lexer->lookahead == '_') lexer->advance(lexer, false);
      return !is_in_base(lexer->lookahead, base);
    }
  }
  while (is_digit(lexer->lookahead) || lexer->lookahead == '_') lexer->advance(lexer, false);
  if (lexer->lookahead == '.') {
    lexer->advance(lexer, false);
    if (!is_digit(lexer->lookahead) && lexer->lookahead != '_') return false;  // `1.foo`, `1..2`
    if (!scan_separated_digits(lexer)) return true;
  }
  if (lexer->lookahead == 'e' || lexer->lookahead == 'E') {
    lexer->advance(lexer, false);
    if (lexer->lookahead == '+' || lexer->lookahead == '-') lexer->advance(lexer, false);
    if (!scan_separated_digits(lexer)) return true;
  }
  return false;
}

/* Words that continue the statement before them when they start a line. */
static bool is_continuing_keyword(const char *word, unsigned length) {
  return same_word(word, length, "as") || same_word(word, length, "and") || same_word(word, length, "or") ||
         same_word(word, length, "else") || same_word(word, length, "in");
}

/* Called at the first character of a line, after a complete statement. Emits
 * the zero-width STATEMENT_BREAK when that token cannot continue the statement,
 * or lexes the token itself when it must (a continuing keyword is left to the
 * grammar's lexer). Returns -1 when the ordinary rules should decide. */
static int scan_line_start(TSLexer *lexer, const bool *valid_symbols) {
  int32_t c = lexer->lookahead;
  lexer->mark_end(lexer);
  lexer->result_symbol = STATEMENT_BREAK;
  if (is_word_start(c)) {
    char word[MAX_KEYWORD_LENGTH + 1];
    unsigned length = read_word(lexer, word);
    return length <= MAX_KEYWORD_LENGTH && is_continuing_keyword(word, length) ? 0 : 1;
  }
  if (is_digit(c) || c == '"' || c == '\'' || c == '(' || c == '[') return 1;
  if (c == '!') {
    lexer->advance(lexer, false);
    return lexer->lookahead == '=' ? 0 : 1;  // `!=` continues, `!x` starts a statement
  }
  if (c == '&') {
    lexer->advance(lexer, false);
    if (lexer->lookahead != '&') return 1;
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    lexer->result_symbol = INVALID_TOKEN;
    return 1;
  }
  if (c == '.') {
    lexer->advance(lexer, false);
    if (is_digit(lexer->lookahead)) return 1;  // `.5` is a float: a new statement
    if (lexer->lookahead == '.' || !valid_symbols[LINE_DOT]) return 0;
    lexer->mark_end(lexer);
    lexer->result_symbol = LINE_DOT;
    return 1;
  }
  return -1;
}

static inline bool is_run_operator(int32_t c) {
  return c == '*' || c == '/' || c == '%' || c == '+' || c == '-' || c == '!';
}

/* Fewer are left to tree-sitter's ordinary recovery, whose trees the syntax
 * diagnostics word as the reference does (`* / * /`: Slash at the first `/`). */
#define MIN_OPERATOR_RUN 8
/* At most this many per token: a parse version that inserted a MISSING operand
 * meets the next error a few characters on and lexes the run again from there,
 * so a token taking the whole run would cost its length at every repetition. */
#define MAX_OPERATOR_RUN 64

/* During error recovery only, at `* / % + - !`: MIN_OPERATOR_RUN or more of them
 * (up to MAX_OPERATOR_RUN), each standing alone (followed by whitespace or by
 * another of them), as one INVALID_TOKEN. A prefix operator followed by one
 * no expression starts with (`* /`, `- /`, `! %`), repeated, otherwise costs
 * tree-sitter a skipped token and one more stack level per repetition, and each
 * recovery the depth of the stack: quadratic (24 s for 10,000 `* /`). The text is an error either way (nothing here runs
 * before the first error), so what the grammar accepts is unchanged; the run
 * becomes one ERROR. An operator glued to what follows (`-x`, `!=`, `->`) ends
 * the run, and so does a comment, which is scanned as usual when it comes first. */
static bool scan_operator_run(TSLexer *lexer) {
  unsigned operators = 0;
  for (;;) {
    int32_t c = lexer->lookahead;
    if (!is_run_operator(c) || operators == MAX_OPERATOR_RUN) break;
    lexer->advance(lexer, false);
    if (c == '/' && (lexer->lookahead == '/' || lexer->lookahead == '*')) {
      if (operators == 0 && lexer->lookahead == '*') {
        lexer->advance(lexer, false);
        return scan_block_comment(lexer);
      }
      break;
    }
    int32_t next = lexer->lookahead;
    bool alone = lexer->eof(lexer) || next == ' ' || next == '\t' || next == '\r' || next == '\n' ||
                 is_run_operator(next);
    if (!alone) break;
    operators++;
    lexer->mark_end(lexer);
    while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r' ||
           lexer->lookahead == '\n') {
      lexer->advance(lexer, false);
    }
  }
  lexer->result_symbol = INVALID_TOKEN;
  return operators >= MIN_OPERATOR_RUN;
}

/* Before a `while` or `for` body without braces: only where a name or a
 * literal begins, which cannot go on with the condition; an operator (`*`,
 * `+`, `-`, `&`, `<`, `and`, `as`, …), `(`, `[` or `.` continues it, as the
 * reference's expression parser takes it. Zero-width: the body's first token
 * is lexed after it. */
static bool scan_braceless_body(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  if (!is_word_start(c) && !is_digit(c) && c != '"' && c != '\'') return false;
  lexer->mark_end(lexer);
  lexer->result_symbol = BRACELESS_BODY;
  if (!is_word_start(c)) return true;
  char word[MAX_KEYWORD_LENGTH + 1];
  unsigned length = read_word(lexer, word);
  return !same_word(word, length, "and") && !same_word(word, length, "or") && !same_word(word, length, "as");
}

bool tree_sitter_yaoxiang_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  bool recovering = valid_symbols[ERROR_SENTINEL];
  bool newline = false;

  if (!recovering) {
    if (valid_symbols[STRING_TEXT]) return scan_string_text(lexer, false, STRING_TEXT);
    if (valid_symbols[FSTRING_TEXT]) return scan_string_text(lexer, true, FSTRING_TEXT);
    if (valid_symbols[FORMAT_SPEC]) return scan_format_spec(lexer);
  }

  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r' ||
         lexer->lookahead == '\n') {
    if (lexer->lookahead == '\n') newline = true;
    lexer->advance(lexer, true);
  }

  if (recovering && is_run_operator(lexer->lookahead)) return scan_operator_run(lexer);

  if (lexer->lookahead == '/') {
    lexer->advance(lexer, false);
    if (lexer->lookahead == '*' && valid_symbols[BLOCK_COMMENT]) {
      lexer->advance(lexer, false);
      return scan_block_comment(lexer);
    }
    return false;
  }

  if (newline && !recovering && valid_symbols[STATEMENT_BREAK] && !valid_symbols[STATEMENT_CONTINUES] &&
      !lexer->eof(lexer)) {
    int decided = scan_line_start(lexer, valid_symbols);
    if (decided >= 0) return decided == 1;
  }

  if (valid_symbols[BRACELESS_BODY] && !recovering) {
    /* A word was read to tell `and`, `or` and `as` from a body: the lexer has
     * moved, so its answer is final (a keyword goes to the grammar's lexer,
     * which starts again from the word). */
    if (is_word_start(lexer->lookahead)) return scan_braceless_body(lexer);
    if (scan_braceless_body(lexer)) return true;
  }

  if (is_word_start(lexer->lookahead)) return scan_word(lexer, valid_symbols);

  if (recovering) return false;

  if (is_digit(lexer->lookahead)) {
    if (!scan_invalid_number(lexer)) return false;
    lexer->mark_end(lexer);
    lexer->result_symbol = INVALID_TOKEN;
    return true;
  }

  switch (lexer->lookahead) {
    case '&':
    case '|': {
      /* `&&` and `||` are lexer errors: the reference wants `and` / `or`. */
      int32_t first = lexer->lookahead;
      lexer->advance(lexer, false);
      if (lexer->lookahead != first) return false;
      lexer->advance(lexer, false);
      lexer->mark_end(lexer);
      lexer->result_symbol = INVALID_TOKEN;
      return true;
    }
    /* Where a statement can still take a value (`_statement_continues` is
       valid right after `return`, and after the dot of a `use` path, where
       nothing can be called or indexed), `(` and `[` open that value: the
       reference returns the tuple of `return (a, b)` and the list of
       `return [a, b]`, and neither calls nor indexes `return`. */
    case '(':
      if (newline || !valid_symbols[CALL_LPAREN] || valid_symbols[STATEMENT_CONTINUES]) return false;
      return finish(lexer, CALL_LPAREN);
    case '[':
      if (newline || !valid_symbols[INDEX_LBRACKET] || valid_symbols[STATEMENT_CONTINUES]) return false;
      return finish(lexer, INDEX_LBRACKET);
    case '?':
      if (newline || !valid_symbols[TRY_QUESTION]) return false;
      return finish(lexer, TRY_QUESTION);
    case '.': {
      enum TokenType kind = newline ? LINE_DOT : DOT;
      if (!valid_symbols[kind]) return false;
      lexer->advance(lexer, false);
      if (!dot_is_member_access(lexer)) return false;
      lexer->mark_end(lexer);
      lexer->result_symbol = kind;
      return true;
    }
    default:
      return false;
  }
}
