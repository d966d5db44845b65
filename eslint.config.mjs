// ESLint flat config.
//
// Process layers (DESIGN.md "Conventions") are enforced by two mechanisms:
//  - eslint-plugin-boundaries `boundaries/dependencies` for imports between our own folders
//    (it resolves each import to a file and classifies it, so `../../main/x`, `../main`
//    and `./x` are judged by where they land, not by how the string looks);
//  - `no-restricted-imports` (static imports/exports) plus `no-restricted-syntax`
//    (dynamic `import()`, `window.treasury`) for packages, builtins and globals a layer must not use.
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
const DEXIE = 'dexie(?:-[a-z-]+)?(?:/.*)?';
/** Libraries that need a DOM (or IndexedDB). */
const DOM_LIBS = `(?:react|react-dom)(?:/.*)?|${DEXIE}`;
/** Any bare module specifier (npm package or builtin) other than electron. */
const ANY_PACKAGE_BUT_ELECTRON = '(?!\\.{1,2}(?:/|$)|/|electron(?:/|$)).*';

const NO_NODE_IN_RENDERER = { source: `${NODE_BUILTINS}|${ELECTRON}`, message: 'The renderer is sandboxed with no Node: no Node builtins, no electron (use src/renderer/src/platform).' };
const NO_DEXIE = { source: DEXIE, message: 'Only the data layer (src/renderer/src/db, src/renderer/src/repos) touches Dexie; read through a repository hook.' };
/** `window.treasury` (or `globalThis.treasury`) is read in one place, so every call goes through one seam. */
const BRIDGE_READ = {
  selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='treasury']",
  message: 'Only src/renderer/src/platform reads window.treasury; import from there.',
};

/**
 * Bans module specifiers (regex bodies, anchored here) for static imports/exports and dynamic
 * import(), plus extra syntax. One call per file group: a later config object replaces a rule's
 * options rather than merging them, so each group states its whole list.
 */
function restrict(modules, syntax = []) {
  const patterns = modules.map(({ source, message }) => ({ regex: `^(?:${source})$`, message }));
  const dynamic = modules.map(({ source, message }) => ({
    selector: `ImportExpression[source.value=/^(?:${source.replaceAll('/', '\\/')})$/]`,
    message,
  }));
  return {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': ['error', ...dynamic, ...syntax],
  };
}

/** A boundaries policy: `from` may import only the element types in `to`. */
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default defineConfig([
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
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
    files: ['src/renderer/src/workers/**'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['src/main/**', 'src/sandbox/**', 'src/browser-host/**', 'tests/**', 'scripts/**', 'electron/**', '*.{js,mjs,cjs,ts}'],
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
      // The first match wins: the renderer's data layer is carved out of the renderer.
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared/**', partialMatch: false },
        { type: 'main', pattern: 'src/main/**', partialMatch: false },
        { type: 'preload', pattern: 'src/preload/**', partialMatch: false },
        { type: 'renderer-db', pattern: 'src/renderer/src/db/**', partialMatch: false },
        { type: 'renderer-repos', pattern: 'src/renderer/src/repos/**', partialMatch: false },
        { type: 'renderer-platform', pattern: 'src/renderer/src/platform/**', partialMatch: false },
        { type: 'renderer-worker', pattern: 'src/renderer/src/workers/**', partialMatch: false },
        { type: 'renderer', pattern: 'src/renderer/**', partialMatch: false },
        { type: 'sandbox', pattern: 'src/sandbox/**', partialMatch: false },
        { type: 'browser-host', pattern: 'src/browser-host/**', partialMatch: false },
        { type: 'tests', pattern: 'tests/**', partialMatch: false },
        { type: 'packaging', pattern: 'electron/**', partialMatch: false },
        { type: 'resources', pattern: 'resources/**', partialMatch: false },
        { type: 'root', pattern: '*', partialMatch: false },
      ],
    },
    rules: {
      // Every local file an src/ file imports must be one of the elements above...
      'boundaries/no-unknown-dependencies': 'error',
      // ...and the import must be allowed by the layer table.
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('shared', ['shared']),
            allow('sandbox', ['sandbox', 'shared']),
            allow('preload', ['preload', 'shared']),
            // Screens, stores and the sync/search/outbox logic: never the database itself.
            allow('renderer', ['renderer', 'renderer-repos', 'renderer-platform', 'shared']),
            allow('renderer-repos', ['renderer-repos', 'renderer-db', 'renderer', 'shared']),
            allow('renderer-db', ['renderer-db', 'shared']),
            allow('renderer-platform', ['renderer-platform', 'shared']),
            // A worker has no window.treasury: no platform.
            allow('renderer-worker', ['renderer-worker', 'renderer', 'renderer-repos', 'shared']),
            // main starts the sandbox in-process for the Demo profile.
            allow('main', ['main', 'shared', 'sandbox']),
            // Plays main's part in a plain Chromium where Electron is missing.
            allow('browser-host', ['browser-host', 'main', 'shared', 'sandbox']),
          ],
        },
      ],
    },
  },

  // Packages, builtins and globals each layer must not use.
  {
    files: ['src/shared/**'],
    rules: restrict([
      { source: `${NODE_BUILTINS}|${ELECTRON}|${DOM_LIBS}`, message: 'src/shared runs in every process: no Node builtins, no electron, no DOM-only libraries.' },
    ]),
  },
  {
    files: ['src/renderer/**'],
    rules: restrict([NO_NODE_IN_RENDERER, NO_DEXIE], [BRIDGE_READ]),
  },
  {
    files: ['src/renderer/src/db/**', 'src/renderer/src/repos/**'],
    rules: restrict([NO_NODE_IN_RENDERER], [BRIDGE_READ]),
  },
  {
    files: ['src/renderer/src/platform/**'],
    rules: restrict([NO_NODE_IN_RENDERER, NO_DEXIE]),
  },
  {
    files: ['src/preload/**'],
    rules: restrict([{ source: ANY_PACKAGE_BUT_ELECTRON, message: 'The sandboxed preload imports only electron and src/shared.' }]),
  },
]);
