// One file through the reference checker's layers, in its order (semantics.md
// §5.1): inference (pass 3), refinement arguments, termination, ownership.
import type { Tree } from 'web-tree-sitter';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { LineIndex } from '../../syntax/positions.ts';
import { inferFile, type InferenceResult, type ModuleExports } from './checker.ts';
import type { FileDeclarations } from './declarations.ts';
import { TYPE_HELP, type RawDiagnostic } from './messages.ts';
import { ownershipDiagnostics } from './ownership.ts';
import { refinementDiagnostics } from './refinements.ts';
import { instantiateScheme, preludeValues } from './signatures.ts';
import { terminationDiagnostics } from './termination.ts';
import { VarSupply, type Type } from './types.ts';

export interface FileTypecheck {
  diagnostics: Diagnostic[];
  inference: InferenceResult;
}

const PRELUDE = preludeValues();

export function typecheckTree(tree: Tree, lines: LineIndex, declarations: FileDeclarations, moduleExports: ModuleExports): FileTypecheck {
  const inference = inferFile(tree, declarations, moduleExports);
  const vars = new VarSupply();
  const globalType = (name: string): Type | undefined => {
    const declared = declarations.values.get(name);
    if (declared) return instantiateScheme(declared, vars);
    const imported = inference.imports.get(name);
    if (imported) return imported;
    const prelude = PRELUDE.get(name);
    return prelude ? instantiateScheme(prelude, vars) : undefined;
  };
  const raw: RawDiagnostic[] = [
    ...inference.diagnostics,
    ...refinementDiagnostics(tree, declarations),
    ...terminationDiagnostics(tree),
    ...ownershipDiagnostics(tree, { ledger: inference.ledger, globalType }),
  ];
  const diagnostics = raw.map((d): Diagnostic => {
    const diagnostic: Diagnostic = { code: d.code, severity: 'error', message: d.message, range: lines.humanRange(d.start, Math.max(d.end, d.start)) };
    const help = TYPE_HELP[d.code];
    if (help) diagnostic.help = help;
    return diagnostic;
  });
  return { diagnostics, inference };
}
