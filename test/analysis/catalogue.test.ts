// The error-code catalogue against the reference: every code, its category,
// title and template verbatim; our own text complete in both languages;
// examples that show what they claim; rendering; explain and suggestions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALL_CODES, buildMessage, editDistance, explain, fillTemplate, lookupCode, missingParameters, normalizeCode,
  renderTemplate, suggestCodes, type CodeEntry, type Lang,
} from '../../src/analysis/catalogue/index.ts';
import { syntaxDiagnostics } from '../../src/analysis/diagnostics/syntax.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { referenceI18n, referenceRegistry, referenceRepo, semanticsCodeTable, semanticsPath } from '../support/reference.ts';

const LANGS: Lang[] = ['en', 'zh'];
/** The example shown in `lang`: its own, or the English one. */
const exampleOf = (e: CodeEntry, lang: Lang): string => e[lang].example ?? e.en.example;
const entry = (code: string): CodeEntry => {
  const found = lookupCode(code);
  assert.ok(found, `${code} is in the catalogue`);
  return found;
};

describe('catalogue contents', () => {
  it('holds 134 distinct codes in code order', () => {
    assert.equal(ALL_CODES.length, 134);
    const codes = ALL_CODES.map((e) => e.code);
    assert.equal(new Set(codes).size, 134);
    assert.deepEqual(codes, [...codes].sort());
    for (const code of codes) assert.match(code, /^[EW]\d{4}$/);
  });

  it('has the titles and templates of the reference, verbatim (known values)', () => {
    const known: Array<[string, Lang, string, string | null]> = [
      ['E0001', 'en', 'Invalid Character', "Invalid character: '{char}'"],
      ['E0001', 'zh', '无效字符', "无效字符：'{char}'"],
      ['E0010', 'en', 'Expected token', 'Expected {expected}, found {found}'],
      ['E0018', 'en', 'Keyword as name', "'{keyword}' is a keyword and cannot be used as a name"],
      ['E0022', 'en', 'Enums must use brace syntax', 'Enum variants must use brace syntax: {| variant1 | variant2 | ... }'],
      ['E1001', 'en', 'Unknown variable', "Unknown variable: '{name}'"],
      ['E1001', 'zh', '未知变量', "未知变量：'{name}'"],
      ['E1002', 'zh', '类型不匹配', "期望类型 '{expected}'，实际类型 '{found}'"],
      ['E1062', 'en', 'const generic constraint failed', 'const generic constraint failed: `{constraint}` does not hold ({var} = {value})'],
      ['E1081', 'en', '`?` can only be used within functions returning Result', null],
      ['E1081', 'zh', '`?` 仅允许在返回 Result 的函数内使用', null],
      ['E1090', 'en', '✨ Unspeakable ✨', 'Type: Type = Type'],
      ['E2013', 'zh', '变量遮蔽', "Cannot shadow existing variable '{name}'"],
      ['E2018', 'en', 'Mutable/immutable borrow conflict', "Cannot mutably borrow '{name}' (it is already borrowed immutably)"],
      ['E4018', 'en', 'Refinement predicate violation', 'Refinement predicate violation: {constraint}\n\nCounterexample:\n{counterexample}'],
      ['E8004', 'zh', '未实现功能', '未实现功能：{feature}'],
      ['W1063', 'en', 'const generic constraint cannot be evaluated', 'const generic constraint cannot be evaluated: `{constraint}` ({var} = {value})'],
    ];
    for (const [code, lang, title, template] of known) {
      assert.equal(entry(code)[lang].title, title, `${code} ${lang} title`);
      assert.equal(entry(code)[lang].template, template, `${code} ${lang} template`);
    }
  });

  it('has the categories, severities and registration of the reference (known values)', () => {
    const known: Array<[string, string, string, boolean]> = [
      ['E0001', 'Lexer', 'error', true], ['E0010', 'Parser', 'error', true], ['E1001', 'Type Check', 'error', true],
      ['W1063', 'Type Check', 'warning', true], ['E2029', 'Semantic', 'error', false], ['E3005', 'Codegen', 'error', true],
      ['E4018', 'Generic', 'error', true], ['E5001', 'Module', 'error', true], ['E6001', 'Runtime', 'error', true],
      ['E7001', 'I/O', 'error', true], ['E8004', 'Internal', 'error', false], ['W1001', 'Warning', 'warning', true],
    ];
    for (const [code, category, severity, registered] of known) {
      assert.deepEqual([entry(code).category, entry(code).severity, entry(code).registered], [category, severity, registered], code);
    }
    assert.equal(ALL_CODES.filter((e) => e.registered).length, 132);
    for (const e of ALL_CODES) assert.equal(e.severity, e.code.startsWith('W') ? 'warning' : 'error', e.code);
  });

  it('lists every code of semantics.md §1.3 with its category, title and template', { skip: semanticsPath ? false : 'no ../shared/reference/semantics.md' }, () => {
    const rows = semanticsCodeTable();
    assert.equal(rows.length, 134);
    assert.deepEqual(rows.map((r) => r.code).sort(), ALL_CODES.map((e) => e.code));
    for (const row of rows) {
      const e = entry(row.code);
      assert.equal(row.category, e.registered ? e.category : '(not registered)', `${row.code} category`);
      assert.equal(row.title, e.en.title, `${row.code} title`);
      // The table shows the backticks of E1062/W1063 as quotes.
      assert.equal(row.template, e.en.template?.replace(/`/g, "'"), `${row.code} template`);
    }
  });

  it('matches the reference mirror: i18n titles and templates, registry categories', { skip: referenceRepo ? false : 'YAOXIANG_REFERENCE_REPO is not set' }, () => {
    const registry = referenceRegistry();
    assert.equal(registry.size, 132);
    for (const lang of LANGS) {
      const reference = referenceI18n(lang);
      assert.deepEqual(Object.keys(reference).sort(), ALL_CODES.map((e) => e.code), `${lang} codes`);
      for (const e of ALL_CODES) {
        const ref = reference[e.code]!;
        assert.equal(e[lang].title, ref.title, `${e.code} ${lang} title`);
        assert.equal(e[lang].template, ref.template ?? null, `${e.code} ${lang} template`);
        // Our prose is our own: it must not be the reference's.
        assert.notEqual(e[lang].help, ref.help, `${e.code} ${lang} help is ours`);
        assert.notEqual(e[lang].description, ref.message, `${e.code} ${lang} description is ours`);
        if (ref.example) assert.notEqual(exampleOf(e, lang), ref.example, `${e.code} ${lang} example is ours`);
      }
    }
    for (const e of ALL_CODES) {
      assert.equal(registry.has(e.code), e.registered, `${e.code} registered`);
      if (e.registered) assert.equal(registry.get(e.code), e.category, `${e.code} category`);
    }
  });

  it('has a description, an example and help in English and Chinese for every code', () => {
    const cjk = /[\u4e00-\u9fff]/;
    for (const e of ALL_CODES) {
      for (const lang of LANGS) {
        const texts = { description: e[lang].description, example: exampleOf(e, lang), help: e[lang].help };
        for (const [field, text] of Object.entries(texts)) {
          assert.ok(text.trim().length > 0, `${e.code} ${lang} ${field}`);
          assert.equal(text, text.trim(), `${e.code} ${lang} ${field} is trimmed`);
        }
      }
      assert.match(e.zh.description, cjk, `${e.code} zh description is Chinese`);
      assert.match(e.zh.help, cjk, `${e.code} zh help is Chinese`);
      assert.notEqual(e.en.description, e.zh.description, e.code);
      assert.notEqual(e.en.help, e.zh.help, e.code);
      // A Chinese example of its own is a translation, not a copy.
      if (e.zh.example !== undefined) assert.notEqual(e.zh.example, e.en.example, e.code);
    }
  });

  it('gives every template placeholder an example value, and no others', () => {
    for (const e of ALL_CODES) {
      const placeholders = [...(e.en.template ?? '').matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(Object.keys(e.exampleArgs).sort(), [...new Set(placeholders)], e.code);
      const zh = [...(e.zh.template ?? '').matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(zh, placeholders, `${e.code} zh placeholders`);
    }
  });
});

describe('catalogue examples', async () => {
  const parser = await createParser();
  const diagnose = (text: string) => {
    const tree = parseOrThrow(parser, text);
    try {
      return syntaxDiagnostics(tree, text);
    } finally {
      tree.delete();
    }
  };
  // What our syntax diagnostics report for the E0xxx examples. `exact`: the
  // code itself, with the message its template gives for the example values.
  // A code: the one the reference reports instead (semantics.md §1.3).
  // `error`: some syntax error (the reference's code is one we do not emit yet).
  // `clean`: no error. `unchecked`: the reference's parser rejects it (E0012)
  // with a check our syntax layer does not make.
  const SYNTAX: Record<string, string> = {
    E0001: 'exact', E0002: 'exact', E0003: 'E0012', E0004: 'E0012', E0010: 'exact', E0011: 'exact', E0012: 'exact',
    E0013: 'E0010', E0014: 'clean', E0015: 'E0011', E0016: 'error', E0017: 'E0012', E0018: 'exact', E0019: 'unchecked',
    E0020: 'E0012', E0021: 'error', E0022: 'error',
  };

  it('covers every E00xx code in the expectations', () => {
    assert.deepEqual(Object.keys(SYNTAX).sort(), ALL_CODES.filter((e) => e.code.startsWith('E00')).map((e) => e.code));
  });

  for (const e of ALL_CODES) {
    it(`${e.code}: the examples ${e.code in SYNTAX ? `(${SYNTAX[e.code]})` : 'parse without syntax errors'}`, () => {
      for (const lang of LANGS) {
        const found = diagnose(exampleOf(e, lang));
        const expected = SYNTAX[e.code];
        const summary = JSON.stringify(found.map((d) => `${d.code} ${d.message}`));
        if (expected === undefined || expected === 'clean' || expected === 'unchecked') {
          assert.deepEqual(found, [], `${lang}: ${summary}`);
        } else if (expected === 'error') {
          assert.ok(found.length > 0, `${lang}: expected a syntax error`);
        } else if (expected === 'exact') {
          assert.equal(found[0]?.code, e.code, `${lang}: ${summary}`);
          const rendered = renderTemplate(e.code, e.exampleArgs, 'en');
          assert.ok(rendered.ok);
          assert.equal(found[0]?.message, rendered.value, `${lang}: message`);
        } else {
          assert.equal(found[0]?.code, expected, `${lang}: ${summary}`);
        }
      }
    });
  }
});

describe('renderTemplate and buildMessage', () => {
  it('fills placeholders in the language asked for', () => {
    assert.deepEqual(renderTemplate('E1001', { name: 'y' }), { ok: true, value: "Unknown variable: 'y'" });
    assert.deepEqual(renderTemplate('E1001', { name: 'y' }, 'zh'), { ok: true, value: "未知变量：'y'" });
    assert.deepEqual(renderTemplate('e1010', { func: 'add', expected: '2', found: '1' }), { ok: true, value: "Function 'add' expected 2 arguments, found 1" });
    assert.deepEqual(renderTemplate('E4018', { constraint: 'x < 100', counterexample: 'x = 150' }), { ok: true, value: 'Refinement predicate violation: x < 100\n\nCounterexample:\nx = 150' });
  });

  it('keeps placeholders without a value, and braces that are not placeholders', () => {
    assert.deepEqual(renderTemplate('E1010', { func: 'add' }), { ok: true, value: "Function 'add' expected {expected} arguments, found {found}" });
    assert.deepEqual(renderTemplate('E0022', {}), { ok: true, value: 'Enum variants must use brace syntax: {| variant1 | variant2 | ... }' });
    assert.equal(fillTemplate('{a}{b}{}{a}', { a: '1', b: '{a}' }), '1{a}{}1');
    assert.equal(fillTemplate('{constructor}', {}), '{constructor}');
  });

  it('drops an unclosed brace and what follows, as the reference does', () => {
    assert.equal(fillTemplate('value {x and more', { x: '1' }), 'value ');
    assert.deepEqual(missingParameters('{a} {b} {} {a} {c', {}), ['a', 'b', 'a']);
  });

  it('gives the missing-template text for E1081–E1083 in every language', () => {
    for (const code of ['E1081', 'E1082', 'E1083']) {
      for (const lang of LANGS) {
        assert.deepEqual(renderTemplate(code, {}, lang), { ok: true, value: 'Internal error: missing i18n template' });
        const built = buildMessage(code, {}, lang);
        assert.ok(built.ok);
        assert.equal(built.value.code, code);
        assert.equal(built.value.message, 'Internal error: missing i18n template');
      }
    }
  });

  it('replaces a diagnostic with missing parameters by E8001, as a release build does', () => {
    const built = buildMessage('E1010', { func: 'add' });
    assert.deepEqual(built, {
      ok: true,
      value: {
        code: 'E8001',
        message: "Internal diagnostic error: missing template parameter(s) for 'E1010'. template='Function '{func}' expected {expected} arguments, found {found}', missing=[\"expected\", \"found\"]",
        help: 'Please report this issue. Available params: ["func"]',
      },
    });
    // E0022's text looks like a placeholder to the builder, so it can never be built.
    const e0022 = buildMessage('E0022', {});
    assert.ok(e0022.ok);
    assert.equal(e0022.value.code, 'E8001');
    assert.match(e0022.value.message, /missing=\["\| variant1 \| variant2 \| \.\.\. "\]$/);
  });

  it('builds every other code from its example values without a fallback', () => {
    for (const e of ALL_CODES) {
      if (e.code === 'E0022') continue;
      for (const lang of LANGS) {
        const built = buildMessage(e.code, e.exampleArgs, lang);
        assert.ok(built.ok);
        assert.equal(built.value.code, e.code, `${e.code} ${lang}: ${built.value.message}`);
        assert.doesNotMatch(built.value.message, /\{[A-Za-z_]\w*\}/, `${e.code} ${lang}`);
        assert.equal(built.value.help, e[lang].help);
      }
    }
  });

  it('refuses an unknown code', () => {
    const result = renderTemplate('E0000', {});
    assert.equal(result.ok, false);
    assert.ok(!result.ok && result.error.kind === 'UNKNOWN_CODE');
  });
});

describe('explain', () => {
  it('explains a code in English by default and in Chinese on request', () => {
    const en = explain('E0010');
    assert.ok(en.ok);
    assert.deepEqual(Object.keys(en.value), ['code', 'category', 'severity', 'registered', 'title', 'template', 'description', 'example', 'exampleMessage', 'help']);
    assert.equal(en.value.code, 'E0010');
    assert.equal(en.value.category, 'Parser');
    assert.equal(en.value.title, 'Expected token');
    assert.equal(en.value.template, 'Expected {expected}, found {found}');
    assert.equal(en.value.description, entry('E0010').en.description);
    assert.equal(en.value.exampleMessage, 'Expected RParen, found Identifier("b")');
    const zh = explain('E0010', 'zh');
    assert.ok(zh.ok);
    assert.equal(zh.value.title, '期望的令牌');
    assert.equal(zh.value.template, '期望 {expected}，找到 {found}');
    assert.equal(zh.value.exampleMessage, '期望 RParen，找到 Identifier("b")');
    assert.equal(zh.value.help, entry('E0010').zh.help);
  });

  it('accepts lower case, surrounding space and short numbers', () => {
    for (const input of ['E0010', 'e0010', ' E0010 ', 'E10', '10', '0010']) {
      const result = explain(input);
      assert.ok(result.ok, input);
      assert.equal(result.value.code, 'E0010', input);
    }
    assert.equal(normalizeCode('w1001'), 'W1001');
    assert.equal(normalizeCode('1001'), 'E1001');
    assert.equal(normalizeCode('E00100'), undefined);
    assert.equal(normalizeCode('x1'), undefined);
    assert.equal(lookupCode('e0010'), undefined, 'lookupCode is exact');
  });

  it('shows an empty template for E1081, whose message is the fallback text', () => {
    const result = explain('E1081');
    assert.ok(result.ok);
    assert.equal(result.value.template, '');
    assert.equal(result.value.exampleMessage, 'Internal error: missing i18n template');
  });

  it('explains E2029 and E8004, which the reference registry lacks', () => {
    for (const code of ['E2029', 'E8004']) {
      const result = explain(code);
      assert.ok(result.ok);
      assert.equal(result.value.registered, false);
    }
  });

  it('reports an unknown code as a typed error with the nearest codes', () => {
    const result = explain('E1004');
    assert.deepEqual(result, {
      ok: false,
      error: { kind: 'UNKNOWN_CODE', code: 'E1004', message: 'Unknown error code: E1004', suggestions: ['E1003', 'E1002', 'E1001', 'E1040', 'E1054'] },
    });
  });

  it('suggests by typo first, then by number, at most five known codes', () => {
    assert.deepEqual(suggestCodes('E0005'), ['E0004', 'E0003', 'E0002', 'E0001', 'E0015']);
    assert.deepEqual(suggestCodes('E9999'), ['E8004', 'E8003', 'E8002', 'E8001', 'E7004']);
    assert.deepEqual(suggestCodes('w1006'), ['W1005', 'W1004', 'W1003', 'W1002', 'W1001']);
    assert.deepEqual(suggestCodes('E1301'), ['E1031', 'E1001', 'E1093', 'E1092', 'E1091']);
    assert.deepEqual(suggestCodes('X1001'), ['E1001', 'W1001', 'E0001', 'E1002', 'E1003']);
    assert.deepEqual(suggestCodes('E10O1'), ['E1001', 'E1011', 'E1021', 'E1031', 'E1041']);
    assert.deepEqual(suggestCodes('hello'), []);
    assert.deepEqual(suggestCodes(''), []);
    for (const input of ['E1004', 'E0', 'W9', '12345', 'E2099', 'zzz']) {
      const suggestions = suggestCodes(input);
      assert.ok(suggestions.length <= 5, input);
      for (const code of suggestions) assert.ok(lookupCode(code), `${input}: ${code}`);
    }
  });

  it('measures edits with adjacent swaps as one', () => {
    assert.equal(editDistance('E1004', 'E1040'), 1);
    assert.equal(editDistance('E1004', 'E1003'), 1);
    assert.equal(editDistance('abc', ''), 3);
    assert.equal(editDistance('', ''), 0);
    assert.equal(editDistance('E0001', 'W0010'), 2);
    assert.equal(editDistance('E0001', 'W0100'), 3);
  });
});
