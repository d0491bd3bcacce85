// Every tool the server offers, in the order tools/list shows them.
import { explainDiagnostic } from './explain-diagnostic.ts';
import { findReferences } from './find-references.ts';
import { formatSource } from './format-source.ts';
import { listImports } from './list-imports.ts';
import { lookupSymbol } from './lookup-symbol.ts';
import { parseSource } from './parse-source.ts';
import { renameSymbol } from './rename-symbol.ts';
import type { ToolDefinition } from './tool.ts';
import { typecheck } from './typecheck.ts';

export const TOOLS: readonly ToolDefinition[] = [parseSource, formatSource, lookupSymbol, findReferences, typecheck, explainDiagnostic, listImports, renameSymbol];
