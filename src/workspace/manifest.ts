// yaoxiang.toml: the sections the analyzer uses ([package], [fmt], [i18n]).
import { parse as parseToml } from 'smol-toml';
import { formatSettingWarnings, type FormatSettings } from '../analysis/format/options.ts';

export type { FormatSettings };

export interface Manifest {
  package?: { name?: string; version?: string; description?: string; authors?: string[]; license?: string };
  fmt: FormatSettings;
  i18n: { lang?: string; fallback?: string; error_lang?: string; local_lang?: string };
}

export interface ManifestProblem {
  message: string;
  line?: number;
  column?: number;
}

/** Parses yaoxiang.toml. Malformed TOML or wrong value types give problems, never an exception. */
export function parseManifest(text: string): { manifest: Manifest; problems: ManifestProblem[] } {
  const problems: ManifestProblem[] = [];
  let data: Record<string, unknown> = {};
  try {
    data = parseToml(text);
  } catch (error) {
    const e = error as { message: string; line?: number; column?: number };
    problems.push({ message: `yaoxiang.toml is not valid TOML: ${e.message.split('\n')[0]}`, ...(e.line ? { line: e.line } : {}), ...(e.column ? { column: e.column } : {}) });
  }
  const table = (key: string) => {
    const value = data[key];
    if (value === undefined) return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ message: `[${key}] must be a table` });
      return {};
    }
    return value as Record<string, unknown>;
  };
  const pick = <T>(section: string, source: Record<string, unknown>, key: string, type: 'string' | 'number' | 'boolean'): T | undefined => {
    const value = source[key];
    if (value === undefined) return undefined;
    if (typeof value !== type) {
      problems.push({ message: `[${section}] ${key} must be a ${type}` });
      return undefined;
    }
    return value as T;
  };
  const pkg = table('package');
  const fmt = table('fmt');
  const i18n = table('i18n');
  const manifest: Manifest = {
    fmt: dropUndefined({
      indent_width: pick<number>('fmt', fmt, 'indent_width', 'number'),
      line_width: pick<number>('fmt', fmt, 'line_width', 'number'),
      use_tabs: pick<boolean>('fmt', fmt, 'use_tabs', 'boolean'),
      single_quote: pick<boolean>('fmt', fmt, 'single_quote', 'boolean'),
      sort_imports: pick<boolean>('fmt', fmt, 'sort_imports', 'boolean'),
    }),
    i18n: dropUndefined({
      lang: pick<string>('i18n', i18n, 'lang', 'string'),
      fallback: pick<string>('i18n', i18n, 'fallback', 'string'),
      error_lang: pick<string>('i18n', i18n, 'error_lang', 'string'),
      local_lang: pick<string>('i18n', i18n, 'local_lang', 'string'),
    }),
  };
  // Out of range: the formatter clamps or drops them, and says so here.
  for (const message of formatSettingWarnings(manifest.fmt)) problems.push({ message });
  if (data.package !== undefined) {
    const authors = Array.isArray(pkg.authors) ? pkg.authors.filter((a): a is string => typeof a === 'string') : undefined;
    manifest.package = dropUndefined({
      name: pick<string>('package', pkg, 'name', 'string'),
      version: pick<string>('package', pkg, 'version', 'string'),
      description: pick<string>('package', pkg, 'description', 'string'),
      license: pick<string>('package', pkg, 'license', 'string'),
      authors,
    });
  }
  return { manifest, problems };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
