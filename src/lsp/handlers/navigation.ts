// Definition, references and document highlights: one lookup of the target
// under the cursor (`targetAt`), then its locations across the workspace.
import {
  DocumentHighlightKind,
  type CancellationToken, type DefinitionParams, type DocumentHighlight, type DocumentHighlightParams, type Location, type ReferenceParams,
} from 'vscode-languageserver';
import type { Location as CoreLocation } from '../../ide/index.ts';
import { humanToRange, toLocation } from '../convert.ts';
import type { AtPosition, Session } from '../session.ts';
import type { Context } from './context.ts';

async function locationsAt(session: Session, uri: string, position: DefinitionParams['position'], token: CancellationToken): Promise<{ at: AtPosition; found: CoreLocation[] } | undefined> {
  const at = await session.at(uri, position, token);
  if (!at) return undefined;
  const found = at.analysis.referencesAt(at.path, at.offset);
  return found ? { at, found } : undefined;
}

function toLocations(session: Session, at: AtPosition, found: readonly CoreLocation[]): Location[] {
  return found.flatMap((l) => {
    const file = at.analysis.file(l.file);
    return file ? [toLocation(session.workspaces.uriOf(at.analysis.root, l.file), file.lines, l.range, session.encoding)] : [];
  });
}

export function definition(context: Context) {
  return async (params: DefinitionParams, token: CancellationToken): Promise<Location[] | null> => {
    const session = context.session();
    const result = await locationsAt(session, params.textDocument.uri, params.position, token);
    if (!result) return null;
    const definitions = result.found.filter((l) => l.isDefinition);
    return definitions.length > 0 ? toLocations(session, result.at, definitions) : null;
  };
}

export function references(context: Context) {
  return async (params: ReferenceParams, token: CancellationToken): Promise<Location[] | null> => {
    const session = context.session();
    const result = await locationsAt(session, params.textDocument.uri, params.position, token);
    if (!result) return null;
    const kept = params.context.includeDeclaration ? result.found : result.found.filter((l) => !l.isDefinition);
    return toLocations(session, result.at, kept);
  };
}

export function documentHighlight(context: Context) {
  return async (params: DocumentHighlightParams, token: CancellationToken): Promise<DocumentHighlight[] | null> => {
    const session = context.session();
    const result = await locationsAt(session, params.textDocument.uri, params.position, token);
    if (!result) return null;
    const { at } = result;
    return result.found
      .filter((l) => l.file === at.path)
      .map((l) => ({ range: humanToRange(at.file.lines, l.range, session.encoding), kind: l.isDefinition ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
  };
}
