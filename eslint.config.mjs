// ESLint 9 flat config.
//
// Process layers (DESIGN.md "Conventions") are enforced by two mechanisms:
//  - eslint-plugin-boundaries `boundaries/element-types` for imports between our own folders
//    (it resolves each import to a file and classifies it, so `../../main/x`, `../main`
//    and `./x` are judged by where they land, not by how the string looks);
//  - `no-restricted-imports` (static imports/exports) plus `no-restricted-syntax`
//    (dynamic `import()`) for npm packages and Node builtins a layer must not use.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Node builtins, bare (`fs`, `fs/promises`) or prefixed (`node:fs`), with subpaths. */
const NODE_BUILTINS = `node:.*|(?:${builtinModules.map(escape).join('|')})(?:/.*)?`;
const ELECTRON = 'electron(?:/.*)?';
/** Libraries that need a DOM (or IndexedDB). */
const DOM_LIBS = '(?:react|react-dom|dexie)(?:/.*)?';
/** Any bare module specifier (npm package or builtin) other than electron. */
const ANY_PACKAGE_BUT_ELECTRON = '(?!\\.{1,2}(?:/|$)|/|electron(?:/|$)).*';

/**
 * Bans module specifiers matching `source` (a regex body, anchored here) for static
 * imports/exports and dynamic import().
 */
function banModules(source, message) {
  const anchored = `^(?:${source})$`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex: anchored, message }] }],
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression[source.value=/${anchored.replaceAll('/', '\\/')}/]`, message },
    ],
  };
}

export default defineConfig([
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },

  // Environments.
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/main/**', 'src/sandbox/**', 'tests/**', 'electron/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/preload/**'],
    // Sandboxed preload: browser globals plus the few Node-ish ones Electron polyfills.
    languageOptions: { globals: { ...globals.browser, process: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Process layers between our own folders.
  {
    files: ['src/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'] },
      },
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared/**', mode: 'full' },
        { type: 'main', pattern: 'src/main/**', mode: 'full' },
        { type: 'preload', pattern: 'src/preload/**', mode: 'full' },
        { type: 'renderer', pattern: 'src/renderer/**', mode: 'full' },
        { type: 'sandbox', pattern: 'src/sandbox/**', mode: 'full' },
        { type: 'tests', pattern: 'tests/**', mode: 'full' },
        { type: 'packaging', pattern: 'electron/**', mode: 'full' },
        { type: 'resources', pattern: 'resources/**', mode: 'full' },
        { type: 'root', pattern: '*', mode: 'full' },
      ],
    },
    rules: {
      // Every local file an src/ file imports must be one of the elements above...
      'boundaries/no-unknown': 'error',
      // ...and the import must be allowed by the layer table.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (DESIGN.md process layers)',
          rules: [
            { from: 'shared', allow: ['shared'] },
            { from: 'sandbox', allow: ['sandbox', 'shared'] },
            { from: 'preload', allow: ['preload', 'shared'] },
            { from: 'renderer', allow: ['renderer', 'shared'] },
            // main starts the sandbox in-process for the Demo profile.
            { from: 'main', allow: ['main', 'shared', 'sandbox'] },
          ],
        },
      ],
    },
  },

  // Packages and builtins each layer must not use.
  {
    files: ['src/shared/**'],
    rules: banModules(
      `${NODE_BUILTINS}|${ELECTRON}|${DOM_LIBS}`,
      'src/shared runs in every process: no Node builtins, no electron, no DOM-only libraries.',
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: banModules(
      `${NODE_BUILTINS}|${ELECTRON}`,
      'The renderer is sandboxed with no Node: no Node builtins, no electron (use window.treasury).',
    ),
  },
  {
    files: ['src/preload/**'],
    rules: banModules(
      ANY_PACKAGE_BUT_ELECTRON,
      'The sandboxed preload imports only electron and src/shared.',
    ),
  },
]);
