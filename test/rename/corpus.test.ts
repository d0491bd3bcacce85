// Every accepted file of ../shared/corpus: each top-level binding (and a sample
// of function locals) renamed to a fresh name and back gives the original text;
// the renamed file has the same syntax and type diagnostics (codes, positions).
// Fresh names have the old name's length, so positions are comparable as they are.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { globbySync } from 'globby';
import { syntaxDiagnostics } from '../../src/analysis/diagnostics/syntax.ts';
import { collectDeclarations } from '../../src/analysis/infer/declarations.ts';
import { typecheckTree } from '../../src/analysis/infer/index.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import type { FileModel } from '../../src/analysis/model/types.ts';
import { renameInSource, type RenameScope } from '../../src/analysis/rename/index.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { LineIndex } from '../../src/syntax/positions.ts';
import { referenceRejected, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();

/** `code@line:column-line:column` of the syntax and type diagnostics. */
function diagnosticsOf(text: string): { syntax: string[]; types: string[] } {
  const tree = parseOrThrow(parser, text);
  try {
    const lines = new LineIndex(text);
    const brief = (d: { code: string; range: { start: { line: number; column: number }; end: { line: number; column: number } } }) =>
      `${d.code}@${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`;
    return {
      syntax: syntaxDiagnostics(tree, text, lines).map(brief),
      types: typecheckTree(tree, lines, collectDeclarations(tree), () => undefined).diagnostics.map(brief),
    };
  } finally {
    tree.delete();
  }
}

function modelOf(text: string): FileModel {
  const tree = parseOrThrow(parser, text);
  try {
    return buildFileModel(tree);
  } finally {
    tree.delete();
  }
}

/** A name of `old`'s length and first-letter case that the file does not use. */
function freshName(old: string, taken: ReadonlySet<string>): string | undefined {
  const first = /^[A-Z]/.test(old) ? 'Z' : 'z';
  for (let n = 0; n < 5000; n++) {
    const tail = n.toString(36).padStart(old.length - 1, 'q');
    const candidate = (first + tail).slice(0, old.length);
    if (candidate.length === old.length && !taken.has(candidate)) return candidate;
  }
  return undefined;
}

interface Case {
  oldName: string;
  scope: RenameScope;
}

function casesOf(model: FileModel): Case[] {
  const cases: Case[] = [];
  const seen = new Set<string>();
  const add = (c: Case) => {
    const key = `${c.scope} ${c.oldName}`;
    if (seen.has(key)) return;
    cases.push(c);
    seen.add(key);
  };
  const top = model.bindings.filter((b) => model.scopes[b.scope]!.kind === 'module' && b.kind !== 'import');
  for (const b of top) add({ oldName: b.kind === 'method' || b.kind === 'field' ? `${b.container}.${b.name}` : b.name, scope: 'module' });
  // Locals: the first two names of each top-level function.
  for (const fn of top.filter((b) => b.kind !== 'method' && b.kind !== 'field')) {
    const locals = model.bindings.filter((b) => model.scopes[b.scope]!.kind !== 'module' && b.kind !== 'method' && b.kind !== 'field' && b.kind !== 'import'
      && fn.declaration.start <= b.span.start && b.span.end <= fn.declaration.end);
    for (const local of locals.slice(0, 2)) add({ oldName: local.name, scope: `function:${fn.name}` });
  }
  return cases;
}

describe('rename on ../shared/corpus', { skip: sharedCorpusDir ? false : 'no ../shared/corpus' }, () => {
  const files = sharedCorpusDir ? globbySync('**/*.yx', { cwd: sharedCorpusDir, absolute: true }).sort() : [];

  it('round-trips every top-level binding and sampled locals, keeping diagnostics', async (t) => {
    let renamed = 0;
    const refusals = new Map<string, string[]>();
    for (const file of files) {
      const name = relative(sharedCorpusDir!, file);
      if (referenceRejected.has(name)) continue;
      const text = readFileSync(file, 'utf8');
      const model = modelOf(text);
      const taken = new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
      const before = diagnosticsOf(text);
      for (const { oldName, scope } of casesOf(model)) {
        const member = oldName.includes('.') ? oldName.slice(oldName.indexOf('.') + 1) : undefined;
        const short = member ?? oldName;
        const fresh = freshName(short, taken);
        if (!fresh) continue;
        const label = `${name}: ${oldName} (${scope}) -> ${fresh}`;
        const forward = await renameInSource(text, oldName, fresh, scope);
        if (forward.diagnostics.length > 0) {
          // The entry point: the reference's `run` starts at the top-level `main` by name, so renaming it changes the program.
          const entry = scope === 'module' && oldName === 'main' && /where the program starts/.test(forward.diagnostics[0]!.message);
          const code = entry ? 'entry point' : forward.diagnostics[0]!.code;
          refusals.set(code, [...(refusals.get(code) ?? []), label]);
          assert.equal(forward.source, text, label);
          continue;
        }
        assert.notEqual(forward.source, text, label);
        const after = diagnosticsOf(forward.source);
        assert.deepEqual(after, before, label);
        const backName = member ? `${oldName.slice(0, oldName.indexOf('.'))}.${fresh}` : fresh;
        const back = await renameInSource(forward.source, backName, short, scope);
        assert.deepEqual(back.diagnostics, [], label);
        assert.equal(back.source, text, label);
        renamed++;
      }
    }
    // Refusals on fresh names can only be the conservative ones, never a broken rename.
    for (const code of refusals.keys()) assert.ok(['RENAME_AMBIGUOUS', 'RENAME_UNRESOLVED_MEMBER', 'entry point'].includes(code), `${code}: ${refusals.get(code)!.slice(0, 5).join('; ')}`);
    t.diagnostic(`${renamed} renames round-tripped; refused: ${[...refusals].map(([code, list]) => `${code} ${list.length}`).join(', ') || 'none'}`);
    assert.ok(renamed > 300, `only ${renamed} renames round-tripped`);
  });

  it('refuses, with the reason, a local renamed to another name of its scope', async (t) => {
    let conflicts = 0;
    for (const file of files) {
      const name = relative(sharedCorpusDir!, file);
      if (referenceRejected.has(name)) continue;
      const text = readFileSync(file, 'utf8');
      const model = modelOf(text);
      const functions = model.bindings.filter((b) => model.scopes[b.scope]!.kind === 'module' && b.kind === 'function');
      for (const fn of functions) {
        const locals = model.bindings.filter((b) => (b.kind === 'variable' || b.kind === 'parameter') && model.scopes[b.scope]!.kind !== 'module'
          && fn.declaration.start <= b.span.start && b.span.end <= fn.declaration.end);
        for (const local of locals.slice(0, 3)) {
          const other = locals.find((b) => b.scope === local.scope && b.name !== local.name);
          if (!other) continue;
          const label = `${name}: ${local.name} -> ${other.name} (function:${fn.name})`;
          const result = await renameInSource(text, local.name, other.name, `function:${fn.name}`);
          assert.equal(result.source, text, label);
          assert.ok(result.diagnostics.length > 0, `${label} was accepted`);
          const [refusal] = result.diagnostics;
          assert.ok(['RENAME_CONFLICT', 'RENAME_AMBIGUOUS'].includes(refusal!.code), `${label}: ${refusal!.code}`);
          assert.ok(refusal!.message.includes(JSON.stringify(refusal!.code === 'RENAME_CONFLICT' ? other.name : local.name)), `${label}: ${refusal!.message}`);
          if (refusal!.code === 'RENAME_CONFLICT') conflicts++;
        }
      }
    }
    t.diagnostic(`${conflicts} renames to a name of the same scope refused as conflicts`);
    assert.ok(conflicts > 20, `only ${conflicts} conflicts`);
  });
});
