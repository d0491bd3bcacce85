// Message rendering as the reference does it (codes/builder.rs): `{key}`
// placeholders, the missing-template fallback, and the E8001 that replaces a
// diagnostic whose parameters are incomplete.

/** The message of a code that has no template (E1081–E1083), in every language. */
export const MISSING_TEMPLATE = 'Internal error: missing i18n template';

/**
 * `I18nRegistry::render`: each `{key}` becomes its value; a key without a
 * value stays as written, braces included; an opening `{` that is never
 * closed is dropped together with the rest of the text, as in the reference.
 */
export function fillTemplate(template: string, args: Readonly<Record<string, string>>): string {
  let result = '';
  let i = 0;
  while (i < template.length) {
    const c = template[i]!;
    i++;
    if (c !== '{') {
      result += c;
      continue;
    }
    const close = template.indexOf('}', i);
    if (close === -1) break;
    const key = template.slice(i, close);
    result += Object.hasOwn(args, key) ? args[key]! : `{${key}}`;
    i = close + 1;
  }
  return result;
}

/**
 * `DiagnosticBuilder::find_missing_params`: the keys of the template's
 * `{…}` groups that `args` lacks, in order and with repeats. An empty `{}`
 * and an unclosed `{` are not parameters.
 */
export function missingParameters(template: string, args: Readonly<Record<string, string>>): string[] {
  const missing: string[] = [];
  let i = 0;
  for (;;) {
    const open = template.indexOf('{', i);
    if (open === -1) break;
    const close = template.indexOf('}', open + 1);
    if (close === -1) break;
    const key = template.slice(open + 1, close);
    if (key !== '' && !Object.hasOwn(args, key)) missing.push(key);
    i = close + 1;
  }
  return missing;
}

export interface BuiltMessage {
  /** The code of the diagnostic: the requested one, or E8001 when parameters are missing. */
  code: string;
  message: string;
}

/**
 * `DiagnosticBuilder::build` in a release build: the template (or the
 * missing-template text) with `args` filled in, unless the template names a
 * parameter that `args` lacks; then the diagnostic becomes an E8001 that
 * quotes the template and the missing and available parameters.
 */
export function buildFromTemplate(code: string, template: string | null, args: Readonly<Record<string, string>>): BuiltMessage {
  const text = template ?? MISSING_TEMPLATE;
  const missing = missingParameters(text, args);
  if (missing.length > 0) {
    return {
      code: 'E8001',
      message: `Internal diagnostic error: missing template parameter(s) for '${code}'. template='${text}', missing=${rustDebugList(missing)}`,
    };
  }
  return { code, message: fillTemplate(text, args) };
}

/** The help text of the E8001 that `buildFromTemplate` falls back to. */
export function missingParametersHelp(args: Readonly<Record<string, string>>): string {
  return `Please report this issue. Available params: ${rustDebugList(Object.keys(args))}`;
}

/** Rust's `{:?}` of a `Vec<String>`: `["a", "b"]`. */
export function rustDebugList(items: readonly string[]): string {
  return `[${items.map(rustDebugString).join(', ')}]`;
}

function rustDebugString(text: string): string {
  let out = '"';
  for (const c of text) {
    const point = c.codePointAt(0)!;
    if (c === '"' || c === '\\') out += '\\' + c;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\0') out += '\\0';
    else if (point < 0x20 || point === 0x7f) out += `\\u{${point.toString(16)}}`;
    else out += c;
  }
  return out + '"';
}
