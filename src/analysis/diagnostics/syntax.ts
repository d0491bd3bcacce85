// Syntax diagnostics with the reference's codes and message templates: the
// lexer's errors (replayed over the text), every ERROR and MISSING node of the
// tree, and the parser checks a context-free grammar cannot make. Unlike the
// reference, which stops at its first, every statement's errors are reported,
// each with a range; where a check knows where the reference stops in a
// statement, what recovery says around it there is left out.
import type { Tree } from 'web-tree-sitter';
import { LineIndex } from '../../syntax/positions.ts';
import { walk } from '../../syntax/inspect.ts';
import { isCommentAt, nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { errorNodes, type EnclosingStatement, type ErrorNode, type LenientList, type MissingNode, type SyntaxErrorNode, type TokenAt } from './error-nodes.ts';
import { lexicalErrors, LexicalMemo } from './lexical.ts';
import { failsAsType, headTokens, LAMBDA_PARAMETERS, NO_EXPRESSION_START, statementHeadErrors, type HeadFinding, type HeadToken } from './statement-heads.ts';
import { anyWithin, SpanIndex, TokenList } from './spans.ts';
import { isKeyword, NAME_KEYWORDS, tokenKindName } from './token-names.ts';
import type { Diagnostic } from './types.ts';
import { ItemMemo, local } from '../incremental/item-memo.ts';
import { topLevelItems, type TopLevelItem } from '../incremental/top-level.ts';

const CLOSING_BRACKETS = new Set([')', ']', '}']);
const CLOSERS: Record<string, string> = {
  arguments: 'RParen', parameters: 'RParen', lambda_parameters: 'RParen', tuple: 'RParen',
  parenthesized_expression: 'RParen', type_arguments: 'RParen', unit: 'RParen',
  list: 'RBracket', index_expression: 'RBracket', list_comprehension: 'RBracket',
  // The reference reads a `use` list's names (commas optional) and expects `}` at anything else.
  use_list: 'RBrace',
};

const OLD_FUNCTION_SYNTAX =
  "Old function syntax '(Type, Type) -> Ret' is no longer supported. Use RFC-010 syntax with named parameters: " +
  "'(param: Type, ...) -> Ret'. Example: 'add: (a: Int, b: Int) -> Int = a + b'";

const OLD_GENERIC_SYNTAX =
  "Old generic function type syntax '[T, U](params) -> Ret' is no longer supported. Use RFC-010 syntax: '(T: Type, U: Type) -> ((params) -> Ret)'";

const ENUM_WITHOUT_BRACES = 'Enum variants must use brace syntax: `{ red | green | blue }` instead of `red | green | blue`';

const QUESTION_MARK_TYPE = "'?' 是 try 运算符，不是合法的类型。参数类型请使用类型名（如 Int、String、Any），或省略类型标注";

/** What becomes a diagnostic: a lexer error or a parser one. */
type Reported = Pick<Found, 'code' | 'message' | 'start' | 'end' | 'help'>;

interface Found {
  code: string;
  message: string;
  start: number;
  end: number;
  help?: string;
  lexical: boolean;
}

/**
 * All syntax diagnostics of a file, lexer errors first (the reference stops at
 * the lexer, so its first error is a lexer error whenever there is one), then
 * parser errors in document order.
 */
export function syntaxDiagnostics(tree: Tree, text: string, lines = new LineIndex(text), memo?: SyntaxMemo): Diagnostic[] {
  const lexical: Reported[] = memo ? memo.lexical.errors(text) : lexicalErrors(text);
  const lexicalSpans = new SpanIndex(lexical);
  // A tree without ERROR or MISSING nodes has balanced brackets.
  const hasError = tree.rootNode.hasError;
  let tokens: TokenList | undefined;
  const tokenList = () => (tokens ??= new TokenList(tree, text));
  const brackets = hasError ? bracketErrors(tree, text, tokenList) : { found: [], unclosed: [] };
  const unclosed = [...brackets.unclosed].sort((a, b) => a - b);

  const parser: Found[] = [];
  const keywordStatements: Array<{ start: number; end: number }> = [];
  for (const found of statementChecks(tree, text, memo?.items)) {
    // A dictionary whose value holds a bracket error: that error, which the value's parse records before the
    // dictionary fails, is the reference's first (`{"a": (1, "b": 2}`: E0010 for the `(`), not the colon.
    if (found.silences !== undefined && bracketWithin(brackets.found, unclosed, found.start, found.statementEnd)) continue;
    parser.push(found);
    if (found.code === 'E0018') keywordStatements.push({ start: found.start, end: found.statementEnd });
    // The block the reference re-reads a failed dictionary as runs to its `}`, on the line the dictionary ends on.
    else if (found.silences !== undefined) keywordStatements.push({ start: found.silences, end: lines.lineEnd(lines.lineOf(found.statementEnd)) });
  }
  const insideKeywordStatement = new SpanIndex(keywordStatements);
  parser.push(...brackets.found.filter((f) => !lexicalSpans.touches(f.start, f.end)));
  if (lexical.length === 0 && /\belse\b/.test(text)) parser.push(...elseWithoutBlock(tree, text, tokenList));
  const problems = hasError ? errorNodes(tree, text, lines) : [];
  // The heads of `if` and `for` statements, match arms, call arguments and old annotation syntax, read off the
  // tokens where recovery made an ERROR in them: each is where the reference stops.
  const problemSpans = new SpanIndex(problems.map((p) => ({ start: p.startIndex, end: p.endIndex })));
  // The reference's tokens, read once for the rules and the f-strings, and only when one of them needs them.
  let referenceTokens: HeadToken[] | undefined;
  const headTokenList = () => (referenceTokens ??= headTokens(text));
  let insides: SpanIndex | null | undefined;
  const fstrings = () => (insides === undefined ? (insides = fstringInsides(text, headTokenList)) : insides);
  const heads = lexical.length > 0 || (problems.length === 0 && !/\bType\s*([[<]|=\s*[A-Za-z_]\w*\s*\(\s*mut\b)|->\s*Type\s*=\s*\{|\w\s*:\s*([0-9][0-9_]*\.[0-9]|["'])/.test(text))
    ? []
    : firstPerStatement(statementHeadErrors(headTokenList()).filter((h) => h.certain || problemSpans.touches(h.from, h.end + 1)), lines);
  parser.push(...heads.map(({ code, message, start, end, from }) => ({ code, message, start, end, from, lexical: false })));
  // What an ERROR or MISSING says in the statement of such a place is recovery's guess: before it the reference read
  // on without a word, after it the reference reads nothing. So on the line of a lexer error, which the reference
  // stops at first. Later statements keep their own diagnostics.
  const guessed = new SpanIndex([
    ...heads.map((h) => statementOf(h, lines)),
    ...lexical.map((l) => ({ start: lines.lineStart(lines.lineOf(l.start)), end: lines.lineEnd(lines.lineOf(l.start)) })),
  ]);
  // Of what ERRORs and MISSINGs say on one line, the first is where the reference stops in that statement; what
  // recovery says after it there is its guess. A line stands for a statement, which a line break ends. A bracket
  // closed by another kind is where the reference stops too (`ys = [1, 2)`: not also E0010 at the `)`).
  // (What recovery says at the bracket itself stands beside it: `xs = [1, 2]]` is E0011 to the reference, a statement
  // that has ended, where the bracket rule sees a `]` closing the block's `{`.)
  // (When the bracket rule knows the statement failed at the closer, E0011 or E0012, what recovery says at the
  // closer itself is its guess too.)
  const wrongClosers = new SpanIndex(brackets.found.map((b) => ({ start: b.code === 'E0010' ? b.start + 1 : b.start, end: lines.lineEnd(lines.lineOf(b.start)) })));
  // Inside an f-string the reference says nothing (below); what recovery says there must not take its line's first place.
  const interpolations = problems.length > 0 ? fstrings() : null;
  let lastLine = -1;
  let lastStart = -1;
  for (const { found, problem } of recovered(problems, tokenList, text, { lexicalSpans, unclosed, brackets: brackets.found.length > 0, insideKeywordStatement })) {
    if (interpolations?.contains(found.start, found.start)) continue;
    // An ERROR that reaches into such a statement from before it (`main = {⏎    match = 3`: recovery's ERROR starts at
    // the first `=`) is recovery's guess about that statement too.
    if (guessed.contains(found.start, found.start) || guessed.touches(problem.startIndex, problem.endIndex)) continue;
    if (wrongClosers.contains(found.start, found.start)) continue;
    // Two said at the first place on a line both stand: which of them is the reference's the recovery cannot tell
    // (`xs = [1, 2]]`: E0010 for the MISSING `}` and E0011 for the ERROR, both at the second `]`).
    const line = lines.lineOf(found.start);
    if (line === lastLine && found.start !== lastStart) continue;
    lastLine = line;
    lastStart = found.start;
    parser.push(found);
  }
  parser.sort((a, b) => a.start - b.start);
  // A statement that begins with `else` where recovery closed a block is one the reference reaches only if it read
  // on to it: not after another mistake on its line (`x = if f( > 1 { 2  else { 3 }`).
  for (let i = parser.length - 1; i > 0; i--) {
    const f = parser[i]!;
    if (f.code === 'E0018' && text.startsWith('else', f.start) && lines.lineOf(parser[i - 1]!.start) === lines.lineOf(f.start)) parser.splice(i, 1);
  }

  const reported: Reported[] = lexical.concat(dedupe(outsideInterpolations(parser, fstrings)));
  return reported.map((f) => {
    const diagnostic: Diagnostic = { code: f.code, severity: 'error', message: f.message, range: lines.humanRange(f.start, Math.max(f.end, f.start)) };
    // Assigned, not spread: a spread makes an object per diagnostic, and a file of stray characters has one diagnostic each.
    if (f.help) diagnostic.help = f.help;
    return diagnostic;
  });
}

/**
 * The parser's findings outside f-strings' interpolations: the reference parses each `{…}` on its own, reads one
 * expression and ignores what follows it (`{a, b}` is `a`), and takes a `{…}` that does not parse as text
 * (`{ }`, `{a!r}`, `{a:}`), never with an error (syntax.md §2.9).
 */
function outsideInterpolations(found: Found[], fstrings: () => SpanIndex | null): Found[] {
  if (found.length === 0) return found;
  const inside = fstrings();
  return inside ? found.filter((f) => !inside.contains(f.start, f.start)) : found;
}

/**
 * Where the f-strings of `text` are, but for their first character: the reference lexer's f-string tokens (nested
 * braces and strings inside), not the tree's, since recovery may break an f-string with several `{…}` into pieces.
 * At its first character the f-string is a token, which the reference may find where it wants another
 * (`print(f"{a}" f"{b}")`). Its last character is its closing quote (or its line's last when it does not close):
 * what stands right after it (`f""}`) is outside. Null when there is none.
 */
function fstringInsides(text: string, tokens: () => readonly HeadToken[]): SpanIndex | null {
  if (!text.includes('f"')) return null;
  const spans = tokens().filter((t) => t.text.startsWith('f"')).map((t) => ({ start: t.start + 1, end: t.end - 1 }));
  return spans.length === 0 ? null : new SpanIndex(spans);
}

/** What the ERRORs and MISSINGs say, in the order of where they say it, but those another diagnostic explains better. */
function recovered(problems: readonly SyntaxErrorNode[], tokenList: () => TokenList, text: string, explained: { lexicalSpans: SpanIndex; unclosed: readonly number[]; brackets: boolean; insideKeywordStatement: SpanIndex }): Array<{ found: Found; problem: SyntaxErrorNode }> {
  const found: Array<{ found: Found; problem: SyntaxErrorNode }> = [];
  for (const problem of problems) {
    if (explained.lexicalSpans.touches(problem.startIndex, problem.endIndex)) continue;
    // An unclosed bracket explains the ERROR around it better than the ERROR does.
    if (anyWithin(explained.unclosed, problem.startIndex, problem.endIndex)) continue;
    if (problem.kind === 'MISSING' && /^[)\]}]$/.test(problem.type) && explained.brackets) continue;
    if (explained.insideKeywordStatement.contains(problem.startIndex, problem.endIndex)) continue;
    found.push({ found: problem.kind === 'MISSING' ? missing(tokenList(), problem, text) : unexpected(problem, tokenList, text), problem });
  }
  return found.sort((a, b) => a.found.start - b.found.start);
}

/** The statement of a head finding: from its head to the end of the line the reference stops on. */
function statementOf(h: HeadFinding, lines: LineIndex): { start: number; end: number } {
  return { start: h.from, end: lines.lineEnd(lines.lineOf(h.start)) };
}

/** The first finding of each statement: where the reference stops, so another rule's finding after it there is a guess too. */
function firstPerStatement(heads: HeadFinding[], lines: LineIndex): HeadFinding[] {
  const kept: HeadFinding[] = [];
  let statement = { start: -1, end: -1 };
  for (const h of [...heads].sort((a, b) => a.start - b.start)) {
    if (h.start >= statement.start && h.start <= statement.end) continue;
    kept.push(h);
    statement = statementOf(h, lines);
  }
  return kept;
}

function missing(tokens: TokenList, problem: MissingNode, text: string): Found {
  const { type, startIndex: at } = problem;
  // An operand the recovery made up (`xs[]`, `i +⏎}`): the reference found none at the next token.
  if (!/^[)\]}]$/.test(type)) {
    // At the end of the file the reference's parser finds no operand either (`f = (a) =>`).
    const next = tokens.after(at) ?? { text: '', start: text.length, end: text.length };
    if (silentFailure(tokens.before(at), next, tokens, text)) return silentFailureAt(next, problem.statement, tokens);
    // After a `use` path (`use⏎main = …` takes `main` as the path) a statement begins with what no expression begins
    // with: the reference's expression statement reports it (`use` and `pub` begin statements of their own, and
    // `else` and `in` there are names, E0018).
    if (NO_EXPRESSION_START.has(next.text) && !STATEMENT_START_KEYWORDS.has(next.text) && endsUsePath(tokens, at)) return unexpectedToken(next);
  }
  const next = tokens.after(at);
  // `List(Int, "a")`: after a type argument's comma the reference wanted another type.
  if (type === ')' && problem.parentType === 'type_arguments' && !problem.lenientList && tokens.before(at)?.text === ',' && next && failsAsType(next.text)) return expected('a type', next);
  if (type === ')' && problem.parentType === 'type_arguments' && problem.lenientList?.type === 'lambda_parameters') {
    const colon = firstColonOf(problem.lenientList, tokens);
    if (colon) return expected('RParen', colon);
  }
  const wanted = /^[a-z_]+$/.test(type) ? pascal(type) : tokenKindName(type);
  return {
    code: 'E0010',
    message: `Expected ${wanted}, found ${tokenKindName(next?.text ?? '')}`,
    start: next ? tokenStart(next) : at,
    end: next?.end ?? at,
    lexical: false,
  };
}

const SPAWN_WITHOUT_BLOCK = "Expected expression: block or 'for' after spawn";

const STATEMENT_START_KEYWORDS = new Set(['use', 'pub', 'else', 'in']);

/** Operators no operand starts with: after a prefix operator, the one the reference's parser stops at. */
const BINARY_ONLY = new Set(['/', '%', '==', '!=', '<', '<=', '>', '>=', '..', '=', 'and', 'or', 'as']);
const PREFIX_OPERATORS = new Set(['-', '+', '!', '*', '&', '&mut']);

function unexpected(error: ErrorNode, tokenList: () => TokenList, text: string): Found {
  const textLength = text.length;
  const tokens = tokenList;
  let { first } = error;
  // `spawn` takes a block or `for`: the reference has no `spawn while` or `spawn if`, and reports what follows
  // `spawn` (recovery may start the ERROR at the `=` before it).
  const spawn = first.text === 'spawn' ? first : first.text === '=' ? tokens().after(first.end) : undefined;
  if (spawn?.text === 'spawn' && spawn.end <= error.endIndex) {
    const next = tokens().after(spawn.end);
    const at = next ? { start: next.start, end: next.end } : { start: textLength, end: textLength };
    return { code: 'E0016', message: SPAWN_WITHOUT_BLOCK, ...at, lexical: false };
  }
  // An ERROR that starts `* /` (recovery may wrap a prefix operator with what
  // follows it): the reference took `*` and stopped at `/`.
  if (PREFIX_OPERATORS.has(first.text)) {
    const next = tokens().after(first.end);
    if (next && next.end <= error.endIndex && BINARY_ONLY.has(next.text)) first = next;
  }
  // A type that begins with `[` (`f: [T](x: T) -> T`, `a: [Int]`): the reference's type parser refuses it
  // (with no position; ours is the `[`). Recovery puts the `name:` before it in this ERROR.
  const bracket = typeOpeningBracket(error, tokens());
  if (bracket) return { code: 'E0012', message: `Invalid syntax: ${OLD_GENERIC_SYNTAX}`, start: bracket.start, end: bracket.end, lexical: false };
  // `x = ` with nothing an expression can begin with after the `=` (`x = )`, `x = = 2`, end of file).
  if (first.text === '=' && assignsNothing(first, tokens())) return nothingAssigned(first, tokens(), text);
  // The same when recovery leaves the `=` outside the ERROR and takes the next line as the value (`f: … = ...`);
  // a closing bracket there is reported where it stands (bracketErrors).
  const equals = tokens().before(first.start);
  if (equals?.text === '=' && !CLOSING_BRACKETS.has(first.text) && assignsNothing(equals, tokens())) return nothingAssigned(equals, tokens(), text);
  // A constructor type reads each argument as a type (types.rs): a literal, a keyword or an operator where one
  // begins is "Expected a type". Read by the lexer, since recovery may split a string or leave a keyword tokenless.
  // In a lambda's parameters the reference's lenient type parse gives the list up, and `(x` is a parenthesized
  // expression that wanted its `)` at the first colon.
  if (error.parentType === 'type_arguments' && error.lenientList?.type === 'lambda_parameters') {
    const colon = firstColonOf(error.lenientList, tokens());
    if (colon) return expected('RParen', colon);
  }
  if (error.parentType === 'type_arguments' && !error.lenientList) {
    // `2.5` may be split by recovery after its integer part, which stays an argument.
    const integer = tokens().before(error.startIndex);
    const from = integer && integer.end === error.startIndex && /^[0-9]/.test(integer.text) && text[error.startIndex] === '.' ? integer.start : error.startIndex;
    const found = headTokens(text.slice(from), 1)[0];
    const opens = tokens().before(from)?.text;
    if (found && (opens === '(' || opens === ',') && failsAsType(found.text)) {
      return expected('a type', { text: found.text, start: from + found.start, end: from + found.end });
    }
  }
  // (Not in a type or a `use` list, which hold no expressions.)
  if (!error.insideType && error.statement?.type !== 'use_statement') {
    const failed = firstSilentFailure(error, tokens(), text);
    if (failed) return silentFailureAt(failed, error.statement, tokens(), { error, text });
  }
  // `Color: Type = Red | Green`: a `|` after a type definition (no position in the reference; ours is the `|`).
  if (first.text === '|' && error.siblingBefore === 'type_definition') {
    return { code: 'E0012', message: `Invalid syntax: ${ENUM_WITHOUT_BRACES}`, start: first.start, end: first.end, lexical: false };
  }
  // A record type's body holds names, fields and constraints; at anything else the reference wanted a type
  // (`{ red | green }`, `{ a: Int, 5 }`). So after a type definition's name, `(` must open type arguments.
  if (error.enclosingType === 'record_type' && !IDENTIFIER.test(first.text)) return expected('a type', first);
  if (first.text === '(' && error.siblingBefore === 'type_definition') {
    const argument = tokens().after(first.end);
    if (argument && !IDENTIFIER.test(argument.text)) return expected('a type', argument);
  }
  // `?` where a type belongs (`(a: ?) -> Void`).
  if (first.text === '?' && error.insideType) {
    return { code: 'E0012', message: `Invalid syntax: ${QUESTION_MARK_TYPE}`, start: first.start, end: first.end, lexical: false };
  }
  // `use m.{a as 1}`: the reference wants the alias after `as` and reports what stands there.
  if (first.text === 'as' && error.parentType === 'use_list') {
    const next = tokens().after(first.end);
    return { code: 'E0011', message: "Unexpected token: 'expected alias after `as`'", start: next?.start ?? first.end, end: next?.end ?? first.end, lexical: false };
  }
  if ((first.text === 'pub' || first.text === 'mut') && error.firstStartsStatement) {
    const found = afterPubOrMut(first, tokens());
    if (found) return found;
  }
  // `g(x) => x`, `a.b => 1`: what stands before `=>` is no parameter list (a match arm's pattern is read apart).
  if (first.text === '=>' && error.enclosingType !== 'match_block') {
    return { code: 'E0012', message: LAMBDA_PARAMETERS, start: first.start, end: first.end, lexical: false };
  }
  if (NAME_KEYWORDS.has(first.text) && error.firstStartsStatement) {
    return keywordAsName(first, error.endIndex);
  }
  // `use(x)`: a `use` takes a path, whatever stands there instead is reported.
  if (first.text === 'use') {
    const path = tokens().after(first.end);
    if (path && !IDENTIFIER.test(path.text)) return unexpectedToken(path);
  }
  // `f = (x: Int) -> Int = …`, `return (x) -> x + b`: a value that is parameters then `->`, where a lambda has `=>`.
  if (first.text === '(' && /^(=|return)$/.test(tokens().before(first.start)?.text ?? '')) {
    const arrow = tokenAfterGroup(first, error.endIndex, tokens());
    if (arrow?.text === '->') return unexpectedToken(arrow);
  }
  // `a.if`: a keyword after the dot is what the reference cannot take.
  if (first.text === '.') {
    const name = tokens().after(first.end);
    if (name && name.end <= error.endIndex && tokenKindName(name.text).startsWith('Kw')) return unexpectedToken(name);
  }
  // The reference takes an operand that begins an argument or a condition as the expression,
  // and stops at the token after it: `Point(x: 0)` at `:`, `if x print(1)` at `print`.
  const before = tokens().before(first.start)?.text;
  const closer = error.parentType ? CLOSERS[error.parentType] : undefined;
  const next = OPERAND.test(first.text) ? tokens().after(first.end) : undefined;
  const stop = next && !CONTINUES_EXPRESSION.has(next.text) ? next : undefined;
  if (closer) {
    // A comprehension's iterable is one expression, then `]`: a filter after it (`[x for x in xs if p]`) is where
    // the reference stops.
    const opensOperand = before === '(' || before === ',' || (before === 'in' && error.parentType === 'list_comprehension');
    // `((x: Int) -> Int = x)(1)`: a parenthesized list of typed parameters is to the reference a lambda without a
    // body (nud.rs's try_parse_typed_param_list), and one of names a group or a tuple: an operand, after which it stops.
    const afterParameters = first.text === '(' && opensOperand ? afterParameterList(first, error.endIndex, tokens()) : undefined;
    if (afterParameters) return expected(closer, afterParameters);
    return expected(closer, stop && opensOperand ? stop : first);
  }
  if (stop && (before === 'if' || before === 'elif' || before === 'while') && stop.text !== '{') return expected('LBrace', stop);
  // A match arm's pattern is an operand without calls, ranges or `|` (the reference parses it above their
  // precedence), then `=>`: `ok(v) =>` and `1..9 =>` stop after the first name or literal.
  if (error.enclosingType === 'match_block') {
    const after = next && next.text !== '=>' && next.text !== '.' ? next : undefined;
    const at = after ?? (before !== undefined && OPERAND.test(before) && first.text !== '=>' ? first : undefined);
    if (at) return expected('FatArrow', at);
  }
  // `for x xs`: after the loop's name the reference wants `in`.
  if (first.text === 'for') {
    const head = tokens().after(first.end);
    const name = head?.text === 'mut' ? tokens().after(head.end) : head;
    // The loop variable is one name: at a pattern (`for (k, v) in …`) the reference stops at its first token.
    if (name && (name.text === '_' || !IDENTIFIER.test(name.text))) return unexpectedToken(name);
    const afterName = name && IDENTIFIER.test(name.text) ? tokens().after(name.end) : undefined;
    if (afterName && afterName.text !== 'in' && afterName.text !== 'mut' && afterName.start < error.endIndex) return expected('KwIn', afterName);
  }
  return {
    code: 'E0011',
    message: `Unexpected token: '${tokenKindName(first.text)}'`,
    start: tokenStart(first),
    end: first.end,
    lexical: false,
  };
}

/**
 * A statement that starts with `mut` is a declaration whose target must be a name (`mut use m`: E0011 at `use`);
 * one that starts with `pub` parses a target expression, and where none begins (`pub use m`, `pub = 1`) the
 * reference says E0012 with no position (ours is the `pub`).
 */
function afterPubOrMut(first: TokenAt, tokens: TokenList): Found | undefined {
  let next = tokens.after(first.end);
  if (first.text === 'mut') {
    if (next?.text === 'pub') next = tokens.after(next.end);
    return next && next.start < next.end && !tokenKindName(next.text).startsWith('Identifier') ? unexpectedToken(next) : undefined;
  }
  if (next?.text === 'mut') next = tokens.after(next.end);
  if (next && next.start < next.end && !NO_EXPRESSION_START.has(next.text)) return undefined;
  return { code: 'E0012', message: 'Invalid syntax: Expected expression after pub/mut', start: first.start, end: first.end, lexical: false };
}

/** The first `:` inside the list opened at `list.start`, outside the brackets nested in it. */
function firstColonOf(list: LenientList, tokens: TokenList): TokenAt | undefined {
  let depth = 0;
  for (let token = tokens.after(list.start); token && token.end > token.start; token = tokens.after(token.end)) {
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') {
      if (--depth === 0) return undefined;
    } else if (token.text === ':' && depth === 1) return token;
  }
  return undefined;
}

/** E0010 as the reference's `expect` gives it: what it wanted, and the token it found instead. */
function expected(what: string, found: TokenAt): Found {
  return { code: 'E0010', message: `Expected ${what}, found ${tokenKindName(found.text)}`, start: tokenStart(found), end: found.end, lexical: false };
}

/** Where the reference's span of a token starts: a leading-dot float (`.5`, and `.0` of `t.0`) starts after its dot. */
function tokenStart(token: { text: string; start: number }): number {
  return /^\.[0-9]/.test(token.text) ? token.start + 1 : token.start;
}

/** E0012 of an assignment whose value does not begin (the reference gives no position; ours is `start`–`end`). */
function noValue(start: number, end: number): Found {
  return { code: 'E0012', message: "Invalid syntax: Expected expression after '='", start, end, lexical: false };
}

/** Operators that glue to a following `=` in compound assignments (`x += 1` is E0011 at the `=`, as in the reference). */
const COMPOUND_PREFIX = /^[-+*/%<>!&|^]$/;

/** Whether an assignment's `=` (not a compound one) is followed by nothing an expression can begin with, or is itself such a thing. */
function assignsNothing(equals: TokenAt, tokens: TokenList): boolean {
  const before = tokens.before(equals.start);
  if (!before || COMPOUND_PREFIX.test(before.text)) return false;
  // `x = = 2`: this `=` is where the first one's expression should begin.
  if (before.text === '=') return true;
  const after = tokens.after(equals.end);
  return after === undefined || after.start === after.end || NO_EXPRESSION_START.has(after.text);
}

/**
 * E0012 of an `=` with no value after it, or, after `name: (…) -> Type`, where the reference first wanted the
 * value to be a type (valueOfTypeFunction): what stands there is no type either.
 */
function nothingAssigned(equals: TokenAt, tokens: TokenList, text: string): Found {
  const notAType = returnsType(equals, tokens) ? notATypeAt(text.slice(equals.end), equals.end) : undefined;
  return notAType ? { ...notAType, lexical: false } : noValue(equals.start, equals.end);
}

/** Whether the `=` at `equals` follows `name: (…) -> Type` (a plain name, the first group's own return type). */
function returnsType(equals: TokenAt, tokens: TokenList): boolean {
  const type = tokens.before(equals.start);
  const arrow = type?.text === 'Type' ? tokens.before(type.start) : undefined;
  const close = arrow?.text === '->' ? tokens.before(arrow.start) : undefined;
  if (close?.text !== ')') return false;
  let depth = 0;
  let open: TokenAt | undefined = close;
  for (; open; open = tokens.before(open.start)) {
    if (open.text === ')') depth++;
    else if (open.text === '(' && --depth === 0) break;
  }
  const colon = open ? tokens.before(open.start) : undefined;
  const name = colon?.text === ':' ? tokens.before(colon.start) : undefined;
  return name !== undefined && IDENTIFIER.test(name.text) && !isKeyword(name.text);
}

/** A `[` right after a `name:` whose colon is in the ERROR: where the reference parses a type. */
function typeOpeningBracket(error: ErrorNode, tokens: TokenList): TokenAt | undefined {
  let previous = tokens.before(error.startIndex);
  for (let token = tokens.after(error.startIndex); token && token.start < error.endIndex; token = tokens.after(token.end)) {
    if (token.text === ':' && previous && IDENTIFIER.test(previous.text)) {
      const next = tokens.after(token.end);
      if (next?.text === '[') return next;
    }
    if (token.end === token.start) break;
    previous = token;
  }
  return undefined;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The token after the bracket that closes the one `open` opens, when that bracket is before `limit` (the ERROR's end: each ERROR's tokens are read once). */
function tokenAfterGroup(open: TokenAt, limit: number, tokens: TokenList): TokenAt | undefined {
  let depth = 0;
  for (let token = tokens.after(open.start); token && token.end > token.start && token.start < limit; token = tokens.after(token.end)) {
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
    if (depth === 0) return tokens.after(token.end);
  }
  return undefined;
}

/**
 * The token after a parameter list opened at `open` (`(a: T, …)`, `(mut a)`, `(a)`, `(a, b)`), when that is
 * not `=>`, a closing bracket or an operator: what the reference stops at when the list is no lambda's and
 * nothing continues the operand it made of it.
 */
function afterParameterList(open: TokenAt, limit: number, tokens: TokenList): TokenAt | undefined {
  const name = tokens.after(open.end);
  const listed = name?.text === 'mut' || (name !== undefined && IDENTIFIER.test(name.text) && PARAMETER_NAME_FOLLOWERS.has(tokens.after(name.end)?.text ?? ''));
  if (!listed) return undefined;
  const after = tokenAfterGroup(open, limit, tokens);
  // An operator after the list goes on with the operand (`((x: Int) + 1)`): the reference stops further on.
  return after && after.start < limit && after.text !== '=>' && !CLOSING_BRACKETS.has(after.text) && !CONTINUES_EXPRESSION.has(after.text) ? after : undefined;
}

const PARAMETER_NAME_FOLLOWERS = new Set([':', ',', ')']);

/** Tokens after which the reference's parser reads an operand, with no diagnostic of its own when none can begin there. */
const WANTS_OPERAND = new Set([...BINARY_ONLY, ...PREFIX_OPERATORS, '(', '[', ',', 'match', '=>']);

/**
 * Whether the reference's expression parser fails at `at` without a word: it
 * wanted an operand after `before` and no expression begins with `at`. What
 * holds the expression then reports (see `silentFailureAt`).
 */
function silentFailure(before: TokenAt | undefined, at: TokenAt, tokens: TokenList, text: string): boolean {
  if (!before || !WANTS_OPERAND.has(before.text) || !(NO_EXPRESSION_START.has(at.text) || at.text === '')) return false;
  // A binary operator with no operand before it (`>> :help`, `{ ... }`) is where the failure is, not after it.
  if (BINARY_ONLY.has(before.text) && !endsOperand(tokens.before(before.start))) return false;
  // `()`, a trailing comma, and `[]` unless it indexes (`xs[]`).
  if (before.text === '(' && at.text === ')') return false;
  if (before.text === ',' && /^[)\]}]$/.test(at.text)) return false;
  if (before.text === '[' && at.text === ']') return indexes(before, tokens, text);
  return true;
}

/** Whether a `[` indexes what precedes it: an operand's end on the same line. */
function indexes(bracket: TokenAt, tokens: TokenList, text: string): boolean {
  const before = tokens.before(bracket.start);
  return endsOperand(before) && !text.slice(before.end, bracket.start).includes('\n');
}

/** Whether the tokens before `at` are `use` and a path (`use a.b`). */
function endsUsePath(tokens: TokenList, at: number): boolean {
  let token = tokens.before(at);
  while (token && IDENTIFIER.test(token.text)) {
    const before = tokens.before(token.start);
    if (before?.text === 'use') return true;
    if (before?.text !== '.') return false;
    token = tokens.before(before.start);
  }
  return false;
}

function endsOperand(token: TokenAt | undefined): token is TokenAt {
  return token !== undefined && ENDS_OPERAND.test(token.text) && !BEFORE_EXPRESSION.has(token.text);
}

/**
 * The first place in an ERROR (or right before it) where the reference's expression parser fails silently, or right
 * after it: an ERROR that goes on with an expression and ends wanting an operand (`x = 1 +` before the block's `}`)
 * fails at what follows it.
 */
function firstSilentFailure(error: ErrorNode, tokens: TokenList, text: string): TokenAt | undefined {
  let previous = tokens.before(error.startIndex);
  let token = tokens.after(error.startIndex);
  for (; token && token.start < error.endIndex && token.end > token.start; token = tokens.after(token.end)) {
    if (silentFailure(previous, token, tokens, text)) return token;
    previous = token;
  }
  // Only an ERROR that goes on with the expression before it (not a stray `,`: `return n , > 10` stops at the `,`).
  const continued = CONTINUES_EXPRESSION.has(error.first.text) && endsOperand(tokens.before(error.first.start));
  return continued && token && previous && previous.end === error.endIndex && silentFailure(previous, token, tokens, text) ? token : undefined;
}

/**
 * What the reference reports for a silent failure at `at`: an assignment or a
 * declaration whose value failed says E0012 "Expected expression after '='"
 * (with no position); an expression statement says E0011 at the token it
 * stopped at.
 */
function silentFailureAt(at: TokenAt, statement: EnclosingStatement | undefined, tokens: TokenList, inError?: { error: ErrorNode; text: string }): Found {
  const valueFailed = statement
    ? statement.equals !== -1 && statement.equals < at.start && statement.type !== 'expression_statement'
    : inError !== undefined && (assignsBefore(inError.error, at, tokens) || continuesValue(inError.error, tokens, inError.text));
  return valueFailed ? noValue(at.start, at.end) : unexpectedToken(at);
}

/**
 * Whether an ERROR goes on, on the same line, with the value of the assignment or declaration recovery closed
 * before it (`y = 1 + in`: `y = 1`, then an ERROR `+ in`): the reference's value expression failed in it.
 */
function continuesValue(error: ErrorNode, tokens: TokenList, text: string): boolean {
  if (error.siblingBefore !== 'assignment' && error.siblingBefore !== 'declaration') return false;
  const before = tokens.before(error.first.start);
  return before !== undefined && CONTINUES_EXPRESSION.has(error.first.text) && !text.slice(before.end, error.first.start).includes('\n');
}

/** Whether an ERROR that recovery left alone in its block begins `name =` (or `pub`, `mut`) before `at`, at the outer bracket level. */
function assignsBefore(error: ErrorNode, at: TokenAt, tokens: TokenList): boolean {
  if (!(IDENTIFIER.test(error.first.text) || error.first.text === 'pub' || error.first.text === 'mut') || !error.firstStartsStatement) return false;
  let depth = 0;
  for (let token = tokens.after(error.first.start); token && token.start < at.start && token.end > token.start; token = tokens.after(token.end)) {
    if (/^[([{]$/.test(token.text)) depth++;
    else if (/^[)\]}]$/.test(token.text)) depth--;
    else if (token.text === '=' && depth === 0) return true;
  }
  return false;
}

function unexpectedToken(token: TokenAt): Found {
  return { code: 'E0011', message: `Unexpected token: '${tokenKindName(token.text)}'`, start: tokenStart(token), end: token.end, lexical: false };
}

/** A token that is a whole operand: a name or a number or text literal. */
const OPERAND = /^([A-Za-z_][A-Za-z0-9_]*|[0-9][A-Za-z0-9_.]*|".*"|'.*')$/s;
/** Tokens after an operand that go on with its expression. */
const CONTINUES_EXPRESSION = new Set([...BINARY_ONLY, '+', '-', '*', '(', '[', '.', '?', '..', '..=']);

function keywordAsName(keyword: TokenAt, statementEnd: number): Found & { statementEnd: number } {
  return {
    code: 'E0018',
    message: `'${keyword.text}' is a keyword and cannot be used as a name`,
    start: keyword.start,
    end: keyword.end,
    lexical: false,
    statementEnd,
  };
}

/**
 * Checks of the reference parser that the grammar accepts on purpose. One that `silences` is where the reference's
 * parser stops in its statement: what recovery says from `silences` (a position before it where the reference's
 * parser read on without a word) up to `statementEnd` is recovery's guess.
 */
type StatementFinding = Found & { statementEnd: number; silences?: number };

/**
 * A dictionary literal that does not parse as one (`{"a": 1, "b" 2}`, `{"a": 1 "b": 2}`, `{"a": 1,` left open):
 * nud.rs's `try_parse_dict` gives up without a word and the reference re-reads the braces as a block, whose first
 * statement `"a"` is followed by the `:`: E0011 at the first entry's colon. Only the innermost dictionary that
 * fails says so (`{"x": {"y": 1, "z" 2}}` fails at `"y"`'s colon; the outer one then closes), and not when the
 * error is in a dictionary nested in it.
 */
function failedDictionary(table: NodeTable, dictionary: number, DICTIONARY: number, COLON: number): StatementFinding | undefined {
  const end = table.subtreeEnd(dictionary);
  let own = false;
  for (let i = dictionary + 1; i < end && !own; i++) {
    if (!table.isError(i) && !table.isMissing(i)) continue;
    let holder = table.parent(i);
    while (holder !== -1 && holder !== dictionary && table.typeId(holder) !== DICTIONARY) holder = table.parent(holder);
    own = holder === dictionary;
  }
  let entry = own ? table.firstNamedChild(dictionary) : -1;
  // Recovery may wrap the first entry in an ERROR (`{"a": 3, "b" "4", …}`).
  if (entry !== -1 && table.isError(entry)) entry = table.firstNamedChild(entry);
  const colon = entry === -1 ? -1 : table.childOfType(entry, COLON);
  if (colon === -1) return undefined;
  return { code: 'E0011', message: "Unexpected token: 'Colon'", start: table.start(colon), end: table.end(colon), lexical: false, statementEnd: table.end(dictionary), silences: table.start(dictionary) };
}

/** Whether node `i` is the first thing in braces in expression position (a value's `= {`, not a statement's `{`). */
function opensBraces(table: NodeTable, i: number): boolean {
  const braces = table.parent(i);
  const open = braces === -1 ? -1 : table.firstChild(braces);
  return open !== -1 && table.type(open) === '{' && table.nextSibling(open) === i && table.typeId(table.parent(braces)) !== table.idOf('expression_statement')
    && table.type(braces) !== 'source_file';
}

/**
 * An `if` block whose `}` is missing before its `else` (`if c {⏎ return 1⏎ else {`): recovery closes the block
 * there, but to the reference the block goes on, and a statement that starts with `else` is E0018 ('else' is a
 * keyword and cannot be used as a name) at the `else`. Its row, or -1.
 */
function elseAfterUnclosedBlock(table: NodeTable, block: number): number {
  let last = table.firstChild(block);
  for (let c = last; c !== -1; c = table.nextSibling(c)) last = c;
  if (last === -1 || !table.isMissing(last) || table.type(last) !== '}') return -1;
  // An `else if`'s block ends its clause: the next `else` follows the clause.
  const holder = table.parent(block);
  let clause = table.nextSibling(block);
  if (clause === -1 && holder !== -1 && table.type(holder) === 'else_if_clause') clause = table.nextSibling(holder);
  if (clause === -1 || (table.type(clause) !== 'else_clause' && table.type(clause) !== 'else_if_clause')) return -1;
  const keyword = table.firstChild(clause);
  return keyword !== -1 && table.type(keyword) === 'else' ? keyword : -1;
}

/** Whether the bracket rule found a wrong or unclosed bracket between `start` and `end`. */
function bracketWithin(found: readonly Found[], unclosed: readonly number[], start: number, end: number): boolean {
  return found.some((f) => f.start > start && f.start < end) || anyWithin(unclosed, start + 1, end);
}

/** The parser checks per top-level item, kept from one analysis of a file to the next. */
export type SyntaxItemMemo = ItemMemo<undefined, StatementFinding>;

/** What an edited file's syntax diagnostics keep from one text to the next: the parser checks per item, and the lexer's errors. */
export interface SyntaxMemo {
  items: SyntaxItemMemo;
  lexical: LexicalMemo;
}

export function syntaxMemo(): SyntaxMemo {
  return {
    items: new ItemMemo<undefined, StatementFinding>((f, delta) => ({
      ...f, start: f.start + delta, end: f.end + delta, statementEnd: f.statementEnd + delta, ...(f.silences === undefined ? {} : { silences: f.silences + delta }),
    })),
    lexical: new LexicalMemo(),
  };
}

/**
 * With a memo, the items without syntax errors are looked up by their text
 * (their checks read nothing outside them); the others, whose tree recovery
 * shaped, are always looked at. The caller sorts the findings by position.
 */
function statementChecks(tree: Tree, text: string, memo?: SyntaxItemMemo): StatementFinding[] {
  const table = nodeTableOf(tree, text);
  if (!memo) return checksWithin(table, 0);
  const clean: TopLevelItem[] = [];
  const broken: StatementFinding[] = [];
  for (const item of topLevelItems(tree)) {
    if (table.hasError(item.index)) broken.push(...checksWithin(table, item.index));
    else clean.push(item);
  }
  return [...memo.run(clean, undefined, local((item) => checksWithin(table, item.index))), ...broken];
}

/** The checks on node `root` of `table` and every node inside it. */
function checksWithin(table: NodeTable, root: number): StatementFinding[] {
  const EXPRESSION_STATEMENT = table.idOf('expression_statement');
  const DECLARATION = table.idOf('declaration');
  const REF_EXPRESSION = table.idOf('ref_expression');
  const UNSAFE_EXPRESSION = table.idOf('unsafe_expression');
  const DICTIONARY = table.idOf('dictionary');
  const PAIR = table.idOf('pair');
  const FUNCTION_TYPE = table.idOf('function_type');
  const PARAMETER = table.idOf('parameter');
  const TYPE_IDENTIFIER = table.idOf('type_identifier');
  const COLON = table.idOf(':');
  const TYPE_FIELD = table.fieldIdOf('type');
  const PARAMETERS_FIELD = table.fieldIdOf('parameters');
  const USE_STATEMENT = table.idOf('use_statement');
  const ITEMS_FIELD = table.fieldIdOf('items');
  const ALIAS_FIELD = table.fieldIdOf('alias');
  const BLOCK = table.idOf('block');
  const LAMBDA = table.idOf('lambda');
  const LAMBDA_PARAMETER_LIST = table.idOf('lambda_parameters');
  const VALUE_FIELD = table.fieldIdOf('value');
  const CONST_EXPRESSION = table.idOf('const_expression');
  const found: StatementFinding[] = [];
  const end = table.subtreeEnd(root);
  for (let node = root; node < end; node++) {
    const type = table.typeId(node);
    if (type === EXPRESSION_STATEMENT) {
      const expression = table.firstNamedChild(node);
      const expressionType = expression === -1 ? -1 : table.typeId(expression);
      // `unsafe { … }` and `ref x` are expressions but cannot start a statement (E0018).
      if (expressionType === REF_EXPRESSION || expressionType === UNSAFE_EXPRESSION) {
        const keyword = table.firstChild(expression);
        if (keyword !== -1) found.push(keywordAsName({ text: table.text(keyword), start: table.start(keyword), end: table.end(keyword) }, table.end(node)));
      }
      // A `{` at statement start is a block, never a dictionary: `{"a": 1}` fails at `:`.
      const entry = expressionType === DICTIONARY ? table.firstNamedChild(expression) : -1;
      const colon = entry === -1 ? -1 : table.childOfType(entry, COLON);
      if (colon !== -1) found.push({ code: 'E0011', message: "Unexpected token: 'Colon'", start: table.start(colon), end: table.end(colon), lexical: false, statementEnd: table.end(node) });
    } else if (type === DICTIONARY && table.hasError(node) && table.typeId(table.parent(node)) !== EXPRESSION_STATEMENT) {
      const failed = failedDictionary(table, node, DICTIONARY, COLON);
      if (failed) found.push(failed);
    } else if (table.isError(node) && table.typeId(table.firstNamedChild(node)) === PAIR && opensBraces(table, node)) {
      // Recovery may give the braces up for a block whose first statement is an ERROR holding the first entry.
      const colon = table.childOfType(table.firstNamedChild(node), COLON);
      const braces = table.parent(node);
      if (colon !== -1) found.push({ code: 'E0011', message: "Unexpected token: 'Colon'", start: table.start(colon), end: table.end(colon), lexical: false, statementEnd: table.end(braces), silences: table.start(braces) });
    } else if (type === BLOCK) {
      strayStatementSemicolons(table, node, found);
      const elseAfter = elseAfterUnclosedBlock(table, node);
      if (elseAfter !== -1) found.push(keywordAsName({ text: 'else', start: table.start(elseAfter), end: table.end(elseAfter) }, table.end(elseAfter)));
    } else if (type === USE_STATEMENT) {
      // `use m.{a, b} as x`: the reference takes aliases only inside the list.
      const alias = table.childInField(node, ALIAS_FIELD);
      if (alias !== -1 && table.childInField(node, ITEMS_FIELD) !== -1) {
        found.push({ code: 'E0011', message: "Unexpected token: 'positional item alias is not supported; use inline form `use path.{item as alias}`'", start: table.start(alias), end: table.end(alias), lexical: false, statementEnd: table.end(node) });
      }
    } else if (type === DECLARATION) {
      // `f: (List(Int)) -> Int`: the old unnamed function type at the top of an annotation.
      const annotation = table.childInField(node, TYPE_FIELD);
      const parameters = annotation !== -1 && table.typeId(annotation) === FUNCTION_TYPE ? table.childInField(annotation, PARAMETERS_FIELD) : -1;
      const firstEntry = parameters === -1 ? -1 : table.firstNamedChild(parameters);
      if (firstEntry !== -1 && !table.hasError(firstEntry) && table.typeId(firstEntry) !== PARAMETER && table.typeId(firstEntry) !== TYPE_IDENTIFIER) {
        found.push({ code: 'E0012', message: `Invalid syntax: ${OLD_FUNCTION_SYNTAX}`, start: table.start(annotation), end: table.end(annotation), lexical: false, statementEnd: table.end(node) });
      }
      const lambda = table.childInField(node, VALUE_FIELD);
      if (annotation !== -1 && lambda !== -1 && table.typeId(annotation) === FUNCTION_TYPE && table.typeId(lambda) === LAMBDA) {
        const mismatch = lambdaAgainstSignature(table, annotation, lambda);
        if (mismatch) found.push({ code: 'E0012', message: `Invalid syntax: ${mismatch}`, start: table.start(lambda), end: table.end(lambda), lexical: false, statementEnd: table.end(node) });
      }
      const notAType = annotation !== -1 && table.typeId(annotation) === FUNCTION_TYPE ? valueOfTypeFunction(table, node, annotation) : undefined;
      if (notAType) found.push({ ...notAType, lexical: false, statementEnd: table.end(node) });
    } else if (type === CONST_EXPRESSION) {
      const bound = typeBoundOutsideSignature(table, node);
      if (bound) found.push({ ...bound, lexical: false, statementEnd: table.end(node) });
    } else if (type === LAMBDA_PARAMETER_LIST && !table.hasError(node)) {
      const mixed = mixedLambdaParameter(table, node);
      if (mixed) found.push({ ...mixed, lexical: false, statementEnd: table.end(node) });
    }
  }
  return found;
}

/** The names of a list of `parameter` nodes (lambda or signature), in order. */
function parameterNames(table: NodeTable, list: number): string[] {
  const names: string[] = [];
  const NAME = table.fieldIdOf('name');
  for (let child = table.firstChild(list); child !== -1; child = table.nextSibling(child)) {
    if (table.type(child) !== 'parameter') continue;
    const name = table.childInField(child, NAME);
    if (name !== -1) names.push(table.text(name));
  }
  return names;
}

/**
 * decl.rs's check of a function declaration's lambda against its signature:
 * the signature's parameters (every curry group) that the lambda names, in
 * the signature's order, must be the lambda's parameters, as many and in the
 * same order; a lambda that names none of them is taken as it is.
 */
function lambdaAgainstSignature(table: NodeTable, signature: number, lambda: number): string | undefined {
  const PARAMETERS = table.fieldIdOf('parameters');
  const RETURN_TYPE = table.fieldIdOf('return_type');
  const signatureNames: string[] = [];
  for (let group = signature; group !== -1 && table.type(group) === 'function_type'; group = table.childInField(group, RETURN_TYPE)) {
    const list = table.childInField(group, PARAMETERS);
    if (list !== -1) signatureNames.push(...parameterNames(table, list));
  }
  const lambdaList = table.childInField(lambda, PARAMETERS);
  if (lambdaList === -1) return undefined;
  const lambdaNames = parameterNames(table, lambdaList);
  const named = signatureNames.filter((name) => lambdaNames.includes(name));
  if (named.length === 0) return undefined;
  if (named.length !== lambdaNames.length) return `Parameter count mismatch: signature has ${named.length} value parameters, lambda has ${lambdaNames.length}`;
  const at = named.findIndex((name, i) => name !== lambdaNames[i]);
  return at === -1 ? undefined : `Parameter name mismatch at position ${at + 1}: signature has '${named[at]}', lambda has '${lambdaNames[at]}'.`;
}

/**
 * `F: (T: Type) -> Type = value`: a function that returns a type has its value
 * read as a type first (declarations.rs, for a plain name whose signature's
 * own return type is `Type`), and given up for an expression when that fails;
 * but the type parser has already reported where it failed, so a value that
 * cannot begin a type (`match`, `if`, a string, `!x`) is E0010 "Expected a
 * type" at its first token. Only how a type begins is modelled (types.rs's
 * parse_type_annotation): a name, `(`, `{`, an integer or `-` and an
 * integer, after any number of `*`, `&` and `&mut`.
 */
function valueOfTypeFunction(table: NodeTable, declaration: number, signature: number): Pick<Found, 'code' | 'message' | 'start' | 'end'> | undefined {
  const returned = table.childInField(signature, table.fieldIdOf('return_type'));
  const target = table.childInField(declaration, table.fieldIdOf('target'));
  const value = table.childInField(declaration, table.fieldIdOf('value'));
  if (returned === -1 || table.type(returned) !== 'meta_type' || target === -1 || table.type(target) !== 'identifier' || value === -1) return undefined;
  // A few tokens, not the whole value: values of such declarations nest.
  return notATypeAt(table.text(value), table.start(value));
}

/**
 * What the reference's required type parse reports at `offset` (`text` begins there) when no type can begin
 * there (types.rs's parse_type_annotation: a name, `(`, `{`, an integer or `-` and an integer, after any number
 * of `*`, `&` and `&mut`); undefined when one can. At the end of the text it found Eof.
 */
function notATypeAt(text: string, offset: number): Pick<Found, 'code' | 'message' | 'start' | 'end'> | undefined {
  const tokens = headTokens(text, 16);
  const at = (token: HeadToken | undefined) => (token ? { start: offset + token.start, end: offset + token.end } : { start: offset + text.length, end: offset + text.length });
  const found = (token: HeadToken | undefined) => ({ code: 'E0010' as const, message: `Expected a type, found ${tokenKindName(token?.text ?? '')}`, ...at(token) });
  let i = 0;
  while (i < tokens.length && REFERENCE_PREFIXES.has(tokens[i]!.text)) i++;
  const token = tokens[i];
  if (token?.text === '-') return INTEGER.test(tokens[i + 1]?.text ?? '') ? undefined : found(tokens[i + 1]);
  if (!token) return i < 16 ? found(undefined) : undefined;
  if (token.text === '(' || token.text === '{' || INTEGER.test(token.text) || tokenKindName(token.text).startsWith('Identifier(')) return undefined;
  if (token.text === '[') return { code: 'E0012', message: `Invalid syntax: ${OLD_GENERIC_SYNTAX}`, ...at(token) };
  if (token.text === '?') return { code: 'E0012', message: `Invalid syntax: ${QUESTION_MARK_TYPE}`, ...at(token) };
  return found(token);
}

/** What types.rs reads before a type: a pointer's `*` and a reference's `&` or `&mut`. */
const REFERENCE_PREFIXES = new Set(['*', '&', '&mut']);
const INTEGER = /^(0[xXoObB][0-9a-fA-F_]+|[0-9][0-9_]*)$/;

/**
 * `Type + Ord`, a bound that starts with the keyword `Type`: the reference
 * reads it only as the type of a parameter of a declaration's signature or of
 * one of its named curry groups (`f: (T: Type + Ord) -> (x: T) -> T`, where
 * types.rs collects `+`-separated types). Everywhere else its type parser ends
 * at `Type`, and where it fails depends on what encloses the bound:
 * - a parameter list nested in a type (a parameter's type, a type argument,
 *   a parenthesized return type, a binding's annotation, a record field): the
 *   list is tried as named parameters, given up, and read again as a
 *   parenthesized type, which stops at the parameter's `:`;
 * - a lambda's parameters: the lambda is given up and `(a` read as a
 *   parenthesized expression, which stops at the first `:`;
 * - not in a parameter (`List(Type + Ord)`, `Assert(Type + 1)`), or another
 *   operator than `+` in a signature: the `)` expected instead of the operator.
 * A binding annotated `x: Type + Ord = 1` passes the parser (the reference
 * reads `x: Type`, then `+ Ord = 1` as a statement that its IR generation
 * refuses, E3005, which is not a syntax error).
 */
function typeBoundOutsideSignature(table: NodeTable, bound: number): Pick<Found, 'code' | 'message' | 'start' | 'end'> | undefined {
  const LEFT = table.fieldIdOf('left');
  let first = bound;
  for (let left = table.childInField(first, LEFT); left !== -1; left = table.childInField(first, LEFT)) first = left;
  if (first === bound || table.type(first) !== 'meta_type') return undefined;
  // The operator after `Type`, past any comment between them.
  let operator = table.nextSibling(first);
  while (operator !== -1 && isCommentAt(table, operator)) operator = table.nextSibling(operator);
  if (operator === -1) return undefined;
  const operatorName = tokenKindName(table.text(operator));
  const expectedParen = { code: 'E0010', message: `Expected RParen, found ${operatorName}`, start: table.start(operator), end: table.end(operator) };
  const holder = table.parent(bound);
  const holderType = holder === -1 ? '' : table.type(holder);
  if (holderType === 'declaration' || holderType === 'assignment') return undefined;
  if (holderType !== 'parameter') return expectedParen;
  const list = table.parent(holder);
  const colonOf = (parameter: number) => table.childOfType(parameter, table.idOf(':'));
  if (list !== -1 && table.type(list) === 'lambda_parameters') {
    let colon = -1;
    for (let p = table.firstChild(list); p !== -1 && colon === -1; p = table.nextSibling(p)) if (table.type(p) === 'parameter') colon = colonOf(p);
    return colon === -1 ? undefined : { code: 'E0010', message: 'Expected RParen, found Colon', start: table.start(colon), end: table.end(colon) };
  }
  if (list !== -1 && table.type(list) === 'parameters' && inSignatureChain(table, table.parent(list))) return operatorName === 'Plus' ? undefined : expectedParen;
  const colon = colonOf(holder);
  if (colon === -1 || list === -1) return expectedParen;
  const at = { start: table.start(colon), end: table.end(colon) };
  // The type the list is: a function type's parameters, or a tuple; either inside parentheses.
  let type = table.type(list) === 'parameters' ? table.parent(list) : list;
  while (table.parent(type) !== -1 && table.type(table.parent(type)) === 'tuple_type') type = table.parent(type);
  const enclosing = table.parent(type);
  const enclosingType = enclosing === -1 ? '' : table.type(enclosing);
  if (enclosingType === 'field_declaration') return { code: 'E0010', message: 'Expected a type, found Colon', ...at };
  if (enclosingType === 'declaration' || enclosingType === 'function_type') return { code: 'E0011', message: "Unexpected token: 'Colon'", ...at };
  return { code: 'E0010', message: 'Expected RParen, found Colon', ...at };
}

/** Whether function type `fn` is a declaration's signature or, unparenthesized, the return type of one (a named curry group). */
function inSignatureChain(table: NodeTable, fn: number): boolean {
  for (let node = fn; node !== -1 && table.type(node) === 'function_type'; ) {
    const parent = table.parent(node);
    if (parent === -1) return false;
    if (table.type(parent) === 'declaration') return table.fieldId(node) === table.fieldIdOf('type');
    if (table.type(parent) !== 'function_type' || table.fieldId(node) !== table.fieldIdOf('return_type')) return false;
    node = parent;
  }
  return false;
}

/**
 * A lambda parameter list whose first parameter is a bare name takes only
 * bare names (nud.rs): a later `b: Int` stops it at the `:` (E0010 `Expected
 * RParen`), a later `mut b` makes the expression fail where it stands.
 */
function mixedLambdaParameter(table: NodeTable, list: number): Pick<Found, 'code' | 'message' | 'start' | 'end'> | undefined {
  const parameters: number[] = [];
  for (let child = table.firstChild(list); child !== -1; child = table.nextSibling(child)) if (table.type(child) === 'parameter') parameters.push(child);
  const plain = (p: number) => table.childOfType(p, table.idOf(':')) === -1 && table.childOfType(p, table.idOf('mutability')) === -1;
  if (parameters.length < 2 || !plain(parameters[0]!)) return undefined;
  for (const parameter of parameters.slice(1)) {
    const colon = table.childOfType(parameter, table.idOf(':'));
    if (colon !== -1) return { code: 'E0010', message: 'Expected RParen, found Colon', start: table.start(colon), end: table.end(colon) };
    const mut = table.childOfType(parameter, table.idOf('mutability'));
    if (mut !== -1) {
      let statement = table.parent(list);
      while (statement !== -1 && !['assignment', 'declaration', 'expression_statement', 'block', 'source_file'].includes(table.type(statement))) statement = table.parent(statement);
      const inValue = statement !== -1 && (table.type(statement) === 'assignment' || table.type(statement) === 'declaration');
      return inValue
        ? noValue(table.start(mut), table.end(mut))
        : { code: 'E0011', message: "Unexpected token: 'KwMut'", start: table.start(mut), end: table.end(mut) };
    }
  }
  return undefined;
}

/**
 * The body of a statement-level `if` (and its `else` branches), `while` or `for`, and a bare block statement, are
 * the reference's statement blocks: a statement there takes at most one `;` after itself, and an `if` or a block
 * none, so a `;` after `{`, after another `;` or after an `if` or a block is E0011 (`x = 1;;`, `{ ; }`, `if c { };`).
 * Expression blocks (a function's body, a value's `if`) skip any number.
 */
function strayStatementSemicolons(table: NodeTable, block: number, found: StatementFinding[]): void {
  if (!isStatementBlock(table, block)) return;
  let previous = -1;
  for (let child = table.firstChild(block); child !== -1; child = table.nextSibling(child)) {
    const type = table.type(child);
    if (type === 'line_comment' || type === 'block_comment') continue;
    if (type === ';' && previous !== -1 && !table.isMissing(child) && takesNoSemicolon(table, previous)) {
      found.push({ code: 'E0011', message: "Unexpected token: 'Semicolon'", start: table.start(child), end: table.end(child), lexical: false, statementEnd: table.end(child) });
    }
    previous = child;
  }
}

function takesNoSemicolon(table: NodeTable, node: number): boolean {
  const type = table.type(node);
  if (type === '{' || type === ';') return true;
  if (type !== 'expression_statement') return false;
  const expression = table.firstNamedChild(node);
  const expressionType = expression === -1 ? '' : table.type(expression);
  return expressionType === 'if_expression' || expressionType === 'block';
}

function isStatementBlock(table: NodeTable, block: number): boolean {
  let owner = table.parent(block);
  if (owner !== -1 && (table.type(owner) === 'else_clause' || table.type(owner) === 'else_if_clause')) owner = table.parent(owner);
  if (owner === -1) return false;
  const ownerType = table.type(owner);
  if (ownerType === 'expression_statement') return true;
  if (ownerType === 'while_expression' || ownerType === 'for_expression') return table.type(table.parent(owner)) === 'expression_statement';
  if (ownerType !== 'if_expression') return false;
  for (let up = table.parent(owner); up !== -1 && (table.type(up) === 'if_expression' || table.type(up) === 'else_clause' || table.type(up) === 'else_if_clause'); up = table.parent(owner)) owner = up;
  return table.type(table.parent(owner)) === 'expression_statement';
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Brackets that never close (E0010 `Expected RBrace, found Eof`) or close with the wrong kind. */
function bracketErrors(tree: Tree, text: string, tokens: () => TokenList): { found: Found[]; unclosed: number[] } {
  const textLength = text.length;
  // Read off the cursor: a Node is made only for named nodes, to skip those
  // without ERROR or MISSING inside, whose brackets pair up among themselves.
  const stack: Array<{ type: string; start: number }> = [];
  const found: Found[] = [];
  const abandoned: number[] = [];
  walk(tree, (cursor) => {
    const type = cursor.nodeType;
    if (type === 'string' || type === 'fstring' || type === 'line_comment' || type === 'block_comment') return false;
    if (cursor.nodeIsNamed && !cursor.currentNode.hasError) return false;
    const opens = Object.hasOwn(PAIRS, type);
    if (!opens && type !== ')' && type !== ']' && type !== '}') return true;
    if (cursor.nodeIsMissing) {
      // Recovery closed an index after its expression, where the reference's index wants `,` or `]` and stops at
      // what stands there (`queue[head⏎head = …`: at the second `head`), not at a closer further on.
      // So does a group or a call recovery closed after its expression (`r = (1 + 2⏎print(r)`: at `print`).
      const open = stack[stack.length - 1];
      // (Only after a whole operand at the end of its line, and not in a type: there the reference stops earlier,
      // or wants a type; on the same line the real closer follows.)
      const next = tokens().after(cursor.startIndex);
      const lineEnds = !next || text.slice(cursor.startIndex, next.start).includes('\n');
      const closes = (type === ']' && open?.type === '[' && indexes({ text: '[', start: open.start, end: open.start + 1 }, tokens(), text))
        || (type === ')' && open?.type === '(' && lineEnds && endsOperand(tokens().before(cursor.startIndex)) && !inType(open.start, tokens()));
      if (closes) {
        stack.pop();
        found.push({ code: 'E0010', message: `Expected ${tokenKindName(type)}, found ${tokenKindName(next?.text ?? '')}`, start: next ? tokenStart(next) : textLength, end: next?.end ?? textLength, lexical: false });
      }
      return true;
    }
    if (opens) {
      stack.push({ type, start: cursor.startIndex });
      return true;
    }
    const open = stack[stack.length - 1];
    if (open && PAIRS[open.type] === type) {
      stack.pop();
    } else if (open) {
      found.push(failsInside(open, cursor.startIndex, tokens(), text) ?? wrongCloser(open, type, cursor.startIndex, cursor.endIndex, tokens, text));
      abandoned.push(...stack.map((n) => n.start));
      stack.length = 0;
      return false;
    }
    return true;
  });
  const innermost = stack[stack.length - 1];
  if (innermost && found.length === 0) {
    found.push(failsInside(innermost, textLength, tokens(), text)
      ?? { code: 'E0010', message: `Expected ${tokenKindName(PAIRS[innermost.type]!)}, found Eof`, start: textLength, end: textLength, lexical: false });
  }
  return { found, unclosed: [...abandoned, ...stack.map((n) => n.start)] };
}

/**
 * A call's or a group's `(` or an index's `[` left open, whose expression the reference's parser gave up on before it
 * wanted the closer: after the `(`, a `,` or an operator, no expression begins (`b = f( > 1`, `g(1, > 1`), and
 * `parse_expression` returns nothing without a word. What holds the expression reports then, as when the bracket
 * is closed: an assignment's value E0012, an expression statement E0011 at that token.
 * (Not in a type, where the reference wants a type instead.)
 */
function failsInside(open: { type: string; start: number }, closer: number, tokens: TokenList, text: string): Found | undefined {
  if (open.type === '{' || inType(open.start, tokens)) return undefined;
  // `h = (a: Int => …`, `f(x: 1`: a parameter list that never closes is no lambda's (nud.rs gives it up), and a
  // group or a call reads the name as its expression and wants `)` at the `:`.
  // (Unless a parameter's type is one the type parser refuses first, `(a: Int ->`, `(a: ?`: the head rules say so.)
  const first = tokens.after(open.start + 1);
  const colon = open.type === '(' && first && IDENTIFIER.test(first.text) ? tokens.after(first.end) : undefined;
  if (colon?.text === ':' && colon.start < closer && !refusedTypeWithin(colon, closer, tokens)) {
    return { code: 'E0010', message: 'Expected RParen, found Colon', start: colon.start, end: colon.end, lexical: false };
  }
  let before = tokens.after(open.start - 1);
  for (let token = before && tokens.after(before.end); before && token && token.start < closer && token.end > token.start; before = token, token = tokens.after(token.end)) {
    // `mut` begins no expression either, but for a group's `(mut a, b) =>`: a call's `(` wants an argument
    // (`r = identity(⏎    mut i = 0`).
    const mutArgument = token.text === 'mut' && before.text === '(' && endsOperand(tokens.before(before.start));
    if (!mutArgument && !silentFailure(before, token, tokens, text)) continue;
    return inAssignedValue(token.start, tokens, text) ? noValue(token.start, token.end) : unexpectedToken(token);
  }
  return undefined;
}

/** Whether, from a parameter's `:` up to `closer`, a type begins with `?` or is a name followed by `->`. */
function refusedTypeWithin(colon: TokenAt, closer: number, tokens: TokenList): boolean {
  for (let token = tokens.after(colon.end); token && token.start < closer && token.end > token.start; token = tokens.after(token.end)) {
    const before = tokens.before(token.start);
    if (token.text === '?' && before?.text === ':') return true;
    if (token.text === '->' && before && IDENTIFIER.test(before.text) && /^(:|&|&mut|\*|\()$/.test(tokens.before(before.start)?.text ?? '')) return true;
  }
  return false;
}

/**
 * A bracket closed by another kind. The reference's list literal does not say
 * so: its element parse fails at the closer, and what holds the list reports
 * (`x = [1, 2)` and `x = xs + [1, 2)` as an assignment without a value,
 * `f([1, 2))` as the closer unexpected). An index (`a[1)`) and the other
 * brackets expect their own closer.
 */
function wrongCloser(open: { type: string; start: number }, closer: string, start: number, end: number, tokens: () => TokenList, text: string): Found {
  // `spawn(`: the reference stops at the bracket, which no `spawn` takes (a block or `for` follows it).
  if (open.type !== '{' && tokens().before(open.start)?.text === 'spawn') {
    return { code: 'E0016', message: SPAWN_WITHOUT_BLOCK, start: open.start, end: open.start + 1, lexical: false };
  }
  // `if (v > 0 {`: the parenthesized expression ends before a `{` that no keyword or `=>` before it takes, and the
  // reference wants its `)` there, not at a closer further on.
  if (open.type === '(') {
    const brace = braceAfterOperand(open.start, start, tokens());
    if (brace) return { code: 'E0010', message: 'Expected RParen, found LBrace', start: brace.start, end: brace.end, lexical: false };
  }
  // A lambda's body is a block, whose statements no `,` separates: the reference stops at the first one in it
  // (`(a, x) => { a + x, 0)`), where recovery closed the block before it to go on with the call's arguments.
  if (open.type === '{' && tokens().before(open.start)?.text === '=>') {
    const comma = topLevelComma(open.start, start, tokens());
    if (comma) return unexpectedToken(comma);
  }
  // A block's statements end where a `)` or `]` stands (`xs = [1, 2]]`, `print(1))`): no statement begins there.
  // (After an operator or `=` the statement's expression failed there: an assignment's value says E0012. Not in the
  // head of an `if`, `while` or `for`, where the reference wants the `{` there instead.)
  const operandWanted = !endsOperand(tokens().before(start));
  if (open.type === '{' && closer !== '}' && holdsStatements(open.start, tokens()) && !inType(open.start, tokens()) && !inHead(start, tokens(), text)) {
    return operandWanted && inAssignedValue(start, tokens(), text) ? noValue(start, end) : unexpectedToken({ text: closer, start, end });
  }
  // `print(])`, `io.println(v.` before `}`: where an operand is wanted in a call, a group or an index, the
  // expression fails silently, and what holds it reports (an assignment's value, or the statement at the closer).
  // (Not in a type, `List(})` in a record or `(self: &Rect[ )`, where the reference wants a type there: the
  // bracket's E0010 below has that code and place.)
  if (open.type !== '{' && operandWanted && !(open.type === '[' && !indexes({ text: '[', start: open.start, end: open.start + 1 }, tokens(), text)) && !inType(open.start, tokens())) {
    return inAssignedValue(open.start, tokens(), text) ? noValue(start, end) : unexpectedToken({ text: closer, start, end });
  }
  const before = open.type === '[' ? tokens().before(open.start) : undefined;
  if (before && (!ENDS_OPERAND.test(before.text) || BEFORE_EXPRESSION.has(before.text))) {
    if (inAssignedValue(open.start, tokens(), text)) return noValue(start, end);
    return { code: 'E0011', message: `Unexpected token: '${tokenKindName(closer)}'`, start, end, lexical: false };
  }
  // `List(})`, `List(Int, ]`: where a constructor type's argument begins, the reference wanted a type.
  const argumentBegins = tokens().before(start)?.text === '(' || tokens().before(start)?.text === ',';
  if (open.type === '(' && argumentBegins && IDENTIFIER.test(tokens().before(open.start)?.text ?? '') && inType(open.start, tokens())) {
    return expected('a type', { text: closer, start, end });
  }
  return { code: 'E0010', message: `Expected ${tokenKindName(PAIRS[open.type]!)}, found ${tokenKindName(closer)}`, start, end, lexical: false };
}

/**
 * An `if` used as a value whose `else` is followed by neither `{` nor `if` (`x = if c { 1 } else 0`): the
 * reference reads the else branch as a block whose `{` it skips, statements up to a `}`. So it stops at the first
 * `)`, `]` or `,` there (E0011), or the `}` it takes is one the enclosing blocks miss, and it wants one at the end
 * of the file (E0010 `Expected RBrace, found Eof`). A statement's `if` takes any expression after `else`.
 */
function elseWithoutBlock(tree: Tree, text: string, tokens: () => TokenList): Found[] {
  const table = nodeTableOf(tree, text);
  const ELSE_CLAUSE = table.idOf('else_clause');
  const IF = table.idOf('if_expression');
  const BODY = table.fieldIdOf('body');
  const found: Found[] = [];
  for (let node = 0; node < table.count; node++) {
    if (table.typeId(node) !== ELSE_CLAUSE) continue;
    const body = table.childInField(node, BODY);
    if (body === -1 || table.type(body) === 'block' || table.typeId(body) === IF) continue;
    let top = table.parent(node);
    while (table.typeId(table.parent(top)) === ELSE_CLAUSE) top = table.parent(table.parent(top));
    if (table.type(table.parent(top)) === 'expression_statement') continue;
    let depth = 0;
    let stop: Found | undefined;
    for (let token = tokens().after(table.start(body)); token && token.end > token.start; token = tokens().after(token.end)) {
      const word = token.text;
      if (word === '(' || word === '[' || word === '{') depth++;
      else if (depth > 0 && (word === ')' || word === ']' || word === '}')) depth--;
      else if (word === '}') break;
      else if (depth === 0 && (word === ')' || word === ']' || word === ',')) {
        stop = unexpectedToken(token);
        break;
      }
    }
    found.push(stop ?? { code: 'E0010', message: 'Expected RBrace, found Eof', start: text.length, end: text.length, lexical: false });
    break;
  }
  return found;
}

/**
 * Whether the `{` at `open` opens a block of statements: not a dictionary (`{"a": 1`), a record type's body
 * (`Type = {`) or a match's arms (the nearest keyword back from it, outside brackets, is `match`).
 */
function holdsStatements(open: number, tokens: TokenList): boolean {
  const first = tokens.after(open + 1);
  if (first && /^"/.test(first.text) && tokens.after(first.end)?.text === ':') return false;
  const before = tokens.before(open);
  if (before?.text === '=' && tokens.before(before.start)?.text === 'Type') return false;
  let depth = 0;
  for (let token = before; token; token = tokens.before(token.start)) {
    const word = token.text;
    if (word === ')' || word === ']' || word === '}') depth++;
    else if (word === '(' || word === '[' || word === '{') {
      if (depth === 0) return true;
      depth--;
    } else if (depth === 0 && (word === 'match' || word === '=' || word === '=>' || word === ';' || TAKES_BLOCK.has(word))) {
      return word !== 'match';
    }
  }
  return true;
}

/** Whether the bracket at `at` stands in a type: back from it, a `:` comes before any `=`, `=>`, `;` or block. */
function inType(at: number, tokens: TokenList): boolean {
  // The answer is kept at every 16th token walked: a walk that reaches one of those ends there, so many brackets
  // on a long run of tokens with no decisive one (`f(a]` line after line) cost a walk of it once, not once each,
  // and a single long walk (`x = ((((…`) does not fill a map with every token.
  let known = inTypeAnswers.get(tokens);
  if (!known) inTypeAnswers.set(tokens, (known = new Map<number, boolean>()));
  const walked: number[] = [];
  let answer = false;
  let steps = 0;
  for (let token = tokens.before(at); token; token = tokens.before(token.start)) {
    const earlier = known.get(token.start);
    if (earlier !== undefined) {
      answer = earlier;
      break;
    }
    if (steps++ % 16 === 0) walked.push(token.start);
    const word = token.text;
    if (word === ':') {
      answer = true;
      break;
    }
    if (word === '=' || word === '=>' || word === ';' || word === '}' || TAKES_BLOCK.has(word)) break;
    if (word === '{' && tokens.before(token.start)?.text !== '=') break;
  }
  for (const start of walked) known.set(start, answer);
  return answer;
}

/** inType's answer for each token it walked back from, per token list (one per text). */
const inTypeAnswers = new WeakMap<TokenList, Map<number, boolean>>();

/** Whether `at` stands after an `if`, `while` or `for` on its line, outside brackets, before that statement's `{`. */
function inHead(at: number, tokens: TokenList, text: string): boolean {
  let depth = 0;
  let next = at;
  for (let token = tokens.before(at); token; next = token.start, token = tokens.before(token.start)) {
    if (text.slice(token.end, next).includes('\n')) return false;
    const word = token.text;
    if (word === ')' || word === ']' || word === '}') depth++;
    else if (word === '(' || word === '[' || word === '{') {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && (word === 'if' || word === 'while' || word === 'for')) return true;
    else if (depth === 0 && word === ';') return false;
  }
  return false;
}

/** Keywords and arrows whose block follows them: `if c {`, `x => {`. */
const TAKES_BLOCK = new Set(['if', 'else', 'while', 'for', 'match', 'spawn', 'unsafe', '=>']);

/** The first `{` after the bracket at `open` and before `end`, outside the brackets within, right after an operand and not a keyword's block. */
function braceAfterOperand(open: number, end: number, tokens: TokenList): TokenAt | undefined {
  // A group that begins with no operand (`current( == 0 {`) fails there, silently, before any `{`.
  const first = tokens.after(open + 1);
  if (!first || NO_EXPRESSION_START.has(first.text) || BINARY_ONLY.has(first.text)) return undefined;
  let depth = 0;
  let blockTaken = false;
  let previous: TokenAt | undefined;
  for (let token: TokenAt | undefined = first; token && token.start < end && token.end > token.start; token = tokens.after(token.end)) {
    const word = token.text;
    if (depth === 0 && word === '{' && !blockTaken && endsOperand(previous)) return token;
    if (word === '(' || word === '[' || word === '{') {
      if (depth === 0 && word === '{') blockTaken = false;
      depth++;
    } else if (word === ')' || word === ']' || word === '}') {
      depth--;
    } else if (depth === 0 && TAKES_BLOCK.has(word)) {
      blockTaken = true;
    }
    previous = token;
  }
  return undefined;
}

/** The first `,` after the bracket at `open` and before `end`, outside the brackets within. */
function topLevelComma(open: number, end: number, tokens: TokenList): TokenAt | undefined {
  let depth = 0;
  for (let token = tokens.after(open + 1); token && token.start < end && token.end > token.start; token = tokens.after(token.end)) {
    if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth--;
    else if (depth === 0 && token.text === ',') return token;
  }
  return undefined;
}

/**
 * Whether the operand at `at` is in the value of an assignment: back from it to its statement's start (a `;`, a
 * `return`, an unclosed `{`, a line break after a token that ends an expression), through the calls and lists it
 * stands in, a `=` (not a compound one). The reference's failed element fails them all, up to what holds the value.
 */
function inAssignedValue(at: number, tokens: TokenList, text: string): boolean {
  let depth = 0;
  let next = at;
  for (let token = tokens.before(at); token; next = token.start, token = tokens.before(token.start)) {
    const word = token.text;
    if (!LINE_GOES_ON.has(word) && text.slice(token.end, next).includes('\n')) return false;
    if (word === ')' || word === ']' || word === '}') depth++;
    else if (word === '(' || word === '[' || word === '{') {
      if (depth > 0) depth--;
      else if (word === '{') return false;
    } else if (depth === 0 && (word === ';' || word === 'return')) return false;
    else if (depth === 0 && word === '=') return !COMPOUND_PREFIX.test(tokens.before(token.start)?.text ?? '');
  }
  return false;
}

/** Tokens after which an expression goes on on the next line. */
const LINE_GOES_ON = new Set([...BINARY_ONLY, '+', '-', '*', '(', '[', ',']);

/** A token an index's `[` may follow: a name, a literal or a closing bracket, unless it is a keyword an expression follows. */
const ENDS_OPERAND = /^([A-Za-z_0-9"'].*|[)\]}])$/;
const BEFORE_EXPRESSION = new Set(['return', 'in', 'if', 'elif', 'while', 'and', 'or', 'not', 'match', 'as', 'mut', 'ref', 'else']);

function dedupe(found: Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.code}:${f.start}:${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function pascal(type: string): string {
  return type.split('_').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');
}
