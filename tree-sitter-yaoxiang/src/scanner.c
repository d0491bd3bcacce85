/*
 * External scanner for tree-sitter-yaoxiang.
 *
 * YaoXiang has no newline token. The reference parser looks at line breaks in
 * exactly four places (RFC-038 as implemented in v0.7.12): a postfix `(`, `[`
 * or `?` never continues an expression across a line break, and a `.` at the
 * start of a line continues only a chainable expression. The scanner is called
 * before extras are skipped, so it can see whether a newline precedes the next
 * token and emit a distinct token for each case. It also lexes nesting block
 * comments, which a regular expression cannot.
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
  ERROR_SENTINEL,
};

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

/* After the dot: a second dot is a range, a digit starts a float (`a.0` is
 * `a` followed by the float `.0` in the reference). */
static bool dot_is_member_access(TSLexer *lexer) {
  return lexer->lookahead != '.' && !is_digit(lexer->lookahead);
}

bool tree_sitter_yaoxiang_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  bool recovering = valid_symbols[ERROR_SENTINEL];
  bool newline = false;

  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r' ||
         lexer->lookahead == '\n') {
    if (lexer->lookahead == '\n') newline = true;
    lexer->advance(lexer, true);
  }

  if (lexer->lookahead == '/') {
    lexer->advance(lexer, false);
    if (lexer->lookahead == '*' && valid_symbols[BLOCK_COMMENT]) {
      lexer->advance(lexer, false);
      return scan_block_comment(lexer);
    }
    return false;
  }

  if (recovering) return false;

  switch (lexer->lookahead) {
    case '(':
      if (newline || !valid_symbols[CALL_LPAREN]) return false;
      lexer->advance(lexer, false);
      lexer->result_symbol = CALL_LPAREN;
      return true;
    case '[':
      if (newline || !valid_symbols[INDEX_LBRACKET]) return false;
      lexer->advance(lexer, false);
      lexer->result_symbol = INDEX_LBRACKET;
      return true;
    case '?':
      if (newline || !valid_symbols[TRY_QUESTION]) return false;
      lexer->advance(lexer, false);
      lexer->result_symbol = TRY_QUESTION;
      return true;
    case '.': {
      enum TokenType kind = newline ? LINE_DOT : DOT;
      if (!valid_symbols[kind]) return false;
      lexer->advance(lexer, false);
      if (!dot_is_member_access(lexer)) return false;
      lexer->result_symbol = kind;
      return true;
    }
    default:
      return false;
  }
}
