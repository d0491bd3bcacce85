// Reads tree-sitter's test corpus format (test/corpus/*.txt).
export interface CorpusCase {
  name: string;
  input: string;
  /** Expected S-expression, whitespace-normalised; empty for `:error` cases. */
  expected: string;
  /** `:error`: the tree must contain an ERROR or MISSING node. */
  expectError: boolean;
  skip: boolean;
}

const HEADER = /^(={3,})\n([^\n]*)\n((?::[a-z_-]+(?:\([^)]*\))?\n)*)\1\n/gm;

export function parseCorpusFile(text: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const headers = [...text.matchAll(HEADER)];
  headers.forEach((header, i) => {
    const bodyStart = header.index + header[0].length;
    const bodyEnd = i + 1 < headers.length ? headers[i + 1]!.index : text.length;
    const body = text.slice(bodyStart, bodyEnd);
    const divider = /^-{3,}\n/m.exec(body);
    if (!divider) throw new Error(`corpus case ${JSON.stringify(header[2])} has no --- divider`);
    const attributes = header[3] ?? '';
    cases.push({
      name: header[2]!.trim(),
      // tree-sitter trims the blank lines around the input.
      input: body.slice(0, divider.index).replace(/^\n+/, '').replace(/\n+$/, ''),
      expected: normalizeSExpression(body.slice(divider.index + divider[0].length)),
      expectError: attributes.includes(':error'),
      skip: attributes.includes(':skip'),
    });
  });
  return cases;
}

export function normalizeSExpression(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\( /g, '(')
    .replace(/ \)/g, ')')
    .trim();
}

/** Removes `field: ` prefixes, for expectations written without field names. */
export function stripFields(sexp: string): string {
  return sexp.replace(/\b[a-z_]+: /g, '');
}
