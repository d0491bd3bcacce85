// ESLint: typescript-eslint's type-checked recommended rules, and the layers of
// ARCHITECTURE.md as import rules. Each layer may import only the layers below
// it, never one above:
//
//   syntax → analysis → workspace → threads → ide → cli | mcp | lsp
//
// and a front end (cli, mcp, lsp) reaches everything below it only through
// src/ide/index.ts, besides the generic worker pool of threads/ (see POOL).
// cli is the entry point: its `mcp` and `lsp` commands start those servers,
// so it may import them; they import neither cli nor each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const LAYERS = ['syntax', 'analysis', 'workspace', 'threads', 'ide'];
const FRONT_ENDS = ['cli', 'mcp', 'lsp'];
/** The modules of threads/ a front end may import: the generic worker pool, and its injected stall for tests. */
const POOL = ['pool', 'pool-worker', 'injected-stall'];
/** Deepest folder nesting below a layer that the rules cover. */
const MAX_DEPTH = 4;

// Imports are relative (`../../workspace/world.ts`). A file `depth` folders
// below src/ reaches src/<layer>/ with exactly `depth` `../`; counting them
// keeps a layer's own subfolder of the same name (lsp/threads/) apart from
// the layer. Each rule is therefore made once per depth (see `byDepth`).
const UP = '__UP__';
const into = (folders, message) => ({ regex: `^${UP}(${folders.join('|')})/`, message });

/**
 * `no-restricted-imports` sees static imports and re-exports; a lazy
 * `import()` (the CLI's commands) is an ImportExpression. Its regex spells `/`
 * as \x2F, since a selector's regex literal cannot hold a slash.
 */
const lazyInto = ({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message });

/** The rules for the files of src/<folder>/, one config per nesting depth, each with its count of `../`. */
function importRules(folder, patterns) {
  return Array.from({ length: MAX_DEPTH }, (_, nested) => {
    const depth = nested + 1;
    const atDepth = patterns.map(({ regex, message }) => ({ regex: regex.replace(UP, `(\\.\\./){${depth}}`), message }));
    return {
      files: [`src/${folder}/${'*/'.repeat(nested)}*.ts`],
      rules: {
        'no-restricted-imports': ['error', { patterns: atDepth }],
        'no-restricted-syntax': ['error', ...atDepth.map(lazyInto)],
      },
    };
  });
}

/** The import rule of the layer at `index`: nothing above it. */
function layerRule(index) {
  const name = LAYERS[index];
  const above = [...LAYERS.slice(index + 1), ...FRONT_ENDS];
  return importRules(name, [into(above, `${name}/ is below ${above.join(', ')}: it must not import them (ARCHITECTURE.md, layers)`)]);
}

/** The import rule of a front end: the host's index, and the front ends it may start. */
function frontEndRule(name, mayImport) {
  const others = FRONT_ENDS.filter((f) => f !== name && !mayImport.includes(f));
  const patterns = [
    into(['syntax', 'analysis', 'workspace'], `${name}/ reaches the analysis only through ide/index.ts (ARCHITECTURE.md, layers)`),
    { regex: `^${UP}ide/(?!index\\.ts$)`, message: `${name}/ imports the host only through ide/index.ts` },
    // The worker pool (threads/pool.ts and its worker side) holds no analysis:
    // it is how a front end runs its own requests off its protocol thread (the
    // MCP tool pool). The rest of threads/ (the format thread) is the host's.
    { regex: `^${UP}threads/(?!(${POOL.join('|')})\\.ts$)`, message: `${name}/ may use the worker pool of threads/, the rest only through ide/index.ts` },
  ];
  if (others.length > 0) patterns.push(into(others, `${name}/ must not import ${others.join(', ')}`));
  return importRules(name, patterns);
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'tree-sitter-yaoxiang/', 'editors/', 'bin/', 'eslint.config.js', '.dist-next/', 'scripts/build-fresh.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_`-prefixed parameters are how an implementation of an interface says
      // it does not need one; tsc's noUnusedLocals/Parameters already checks the rest.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An `async` function that implements a Promise-returning interface
      // (a tool's `run`, a command) turns a throw into a rejection; that is
      // why it is async even without an `await`.
      '@typescript-eslint/require-await': 'off',
      // Rejecting with an AbortSignal's `reason` (typed any) keeps the reason
      // a caller cancelled with; passing on a caught error (unknown) keeps it
      // as it was thrown.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }] }],
      // Tests read protocol answers (JSON-RPC, MCP, CLI --json) as untyped
      // JSON and assert on their shape; typing each reply would restate the
      // schemas under test.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Patterns that quote aligned terminal output read best with its spaces.
      'no-regex-spaces': 'off',
      // Fixtures hand out helpers as object methods that use no \`this\`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ...LAYERS.flatMap((_, index) => layerRule(index)),
  ...frontEndRule('cli', ['mcp', 'lsp']),
  ...frontEndRule('mcp', []),
  ...frontEndRule('lsp', []),
);
