// What Zed reads from an extension, as Zed's own source defines it
// (crates/extension/src/extension_manifest.rs: ExtensionManifest,
// GrammarManifestEntry, LanguageServerManifestEntry; crates/language: the
// language config.toml and the capture names each query kind reads). Objects
// are strict here, although Zed ignores unknown keys: an unknown key in our
// files is a typo Zed would silently drop.
import * as z from 'zod';

const commitSha = z.string().regex(/^[0-9a-f]{40}$/, 'a full commit SHA, not a branch or tag');

export const zedManifest = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  schema_version: z.literal(1),
  description: z.string().optional(),
  repository: z.url().optional(),
  authors: z.array(z.string()).optional(),
  grammars: z
    .record(z.string(), z.strictObject({ repository: z.url(), rev: commitSha, path: z.string().optional() }))
    .optional(),
  language_servers: z
    .record(
      z.string(),
      z.strictObject({
        // `name` appears in Zed's docs' example; the struct itself ignores it.
        name: z.string().optional(),
        languages: z.array(z.string()).min(1),
        language_ids: z.record(z.string(), z.string()).optional(),
        code_action_kinds: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

const bracket = z.strictObject({
  start: z.string().min(1),
  end: z.string().min(1),
  close: z.boolean(),
  newline: z.boolean(),
  not_in: z.array(z.string()).optional(),
});

export const zedLanguageConfig = z.strictObject({
  name: z.string().min(1),
  grammar: z.string().min(1),
  path_suffixes: z.array(z.string()).optional(),
  line_comments: z.array(z.string()).optional(),
  block_comment: z.tuple([z.string(), z.string()]).optional(),
  tab_size: z.number().int().positive().optional(),
  hard_tabs: z.boolean().optional(),
  brackets: z.array(bracket).optional(),
  word_characters: z.array(z.string()).optional(),
  autoclose_before: z.string().optional(),
});

/**
 * The captures each query file may use: highlights only the theme captures
 * (scripts/editor-queries/editors.ts), the others the names Zed looks up.
 * `overrides` names scopes, which config.toml refers to; any name is allowed.
 * Captures starting with `_` are for predicates and allowed everywhere.
 */
export const ZED_QUERY_CAPTURES: Readonly<Record<string, ReadonlySet<string> | 'any'>> = {
  brackets: new Set(['open', 'close']),
  outline: new Set(['item', 'name', 'context', 'context.extra', 'annotation', 'open', 'close']),
  indents: new Set(['indent', 'start', 'end', 'outdent']),
  injections: new Set(['language', 'content', 'injection.language', 'injection.content']),
  overrides: 'any',
};

interface NodeTypeEntry {
  type: string;
  named: boolean;
  fields?: Record<string, { types: Array<{ type: string; named: boolean }> }>;
  children?: { types: Array<{ type: string; named: boolean }> };
  subtypes?: Array<{ type: string; named: boolean }>;
}

/** The node types and field names of a grammar's src/node-types.json. */
export function grammarVocabulary(nodeTypesJson: string): { named: Set<string>; anonymous: Set<string>; fields: Set<string> } {
  const named = new Set<string>();
  const anonymous = new Set<string>();
  const fields = new Set<string>();
  const add = (t: { type: string; named: boolean }) => (t.named ? named : anonymous).add(t.type);
  for (const entry of JSON.parse(nodeTypesJson) as NodeTypeEntry[]) {
    add(entry);
    entry.subtypes?.forEach(add);
    entry.children?.types.forEach(add);
    for (const [field, spec] of Object.entries(entry.fields ?? {})) {
      fields.add(field);
      spec.types.forEach(add);
    }
  }
  return { named, anonymous, fields };
}
