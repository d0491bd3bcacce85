// Formatter options: the reference's `[fmt]` keys (semantics.md §4.1), with its defaults.
// `single_quote` is accepted and has no effect: `'…'` is a char literal in
// YaoXiang, so no string can change quotes without changing its meaning.
export interface FormatOptions {
  indent_width: number;
  line_width: number;
  use_tabs: boolean;
  single_quote: boolean;
  sort_imports: boolean;
}

/** `[fmt]` of yaoxiang.toml as written: any of the options, the rest left to the defaults. */
export type FormatSettings = Partial<FormatOptions>;

export const DEFAULT_FORMAT_OPTIONS: Readonly<FormatOptions> = Object.freeze({
  indent_width: 4,
  line_width: 120,
  use_tabs: false,
  single_quote: false,
  sort_imports: true,
});

/** Defaults, overridden by `[fmt]` of yaoxiang.toml, overridden by what the caller passes. */
export function resolveFormatOptions(...layers: Array<FormatSettings | Partial<FormatOptions> | undefined>): FormatOptions {
  const options: FormatOptions = { ...DEFAULT_FORMAT_OPTIONS };
  for (const layer of layers) {
    if (!layer) continue;
    for (const key of Object.keys(DEFAULT_FORMAT_OPTIONS) as Array<keyof FormatOptions>) {
      const value = layer[key];
      if (value !== undefined) (options as unknown as Record<string, unknown>)[key] = value;
    }
  }
  options.indent_width = fitIndentWidth(options.indent_width);
  options.line_width = fitLineWidth(options.line_width);
  return options;
}

const MAX_INDENT_WIDTH = 16;

/** Clamped to 0..16; a value that is no number at all (TOML's `nan`) falls back to the default. */
function fitIndentWidth(width: number): number {
  return Number.isNaN(width) ? DEFAULT_FORMAT_OPTIONS.indent_width : Math.max(0, Math.min(MAX_INDENT_WIDTH, Math.trunc(width)));
}

/** A width under one column would break every group; a bad value falls back to the default. */
function fitLineWidth(width: number): number {
  return Number.isInteger(width) && width >= 1 ? width : DEFAULT_FORMAT_OPTIONS.line_width;
}

/**
 * One line for each number of `settings` (as `[fmt]` of yaoxiang.toml gives
 * them) that resolveFormatOptions would not use as given: the key, the value
 * and the value used instead.
 */
export function formatSettingWarnings(settings: FormatSettings): string[] {
  const warnings: string[] = [];
  const { indent_width: indent, line_width: width } = settings;
  if (indent !== undefined && fitIndentWidth(indent) !== indent) {
    warnings.push(`[fmt] indent_width = ${indent} is not a whole number from 0 to ${MAX_INDENT_WIDTH}; ${fitIndentWidth(indent)} is used`);
  }
  if (width !== undefined && fitLineWidth(width) !== width) {
    warnings.push(`[fmt] line_width = ${width} is not a positive whole number; ${fitLineWidth(width)} (the default) is used`);
  }
  return warnings;
}
