// ESLint flat config.
//
// Process layers (docs/architecture.md, "Processes and what each owns") are enforced by two mechanisms:
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

const NO_NODE_IN_RENDERER = {
  source: `${NODE_BUILTINS}|${ELECTRON}`,
  message: 'The renderer is sandboxed with no Node: no Node builtins, no electron (use src/renderer/src/platform).',
};
const NO_REACT_OR_ZUSTAND = {
  source: '(?:react|react-dom|zustand|dexie-react-hooks)(?:/.*)?',
  message:
    'Engines and pure models are plain TypeScript: no React, no zustand (state for screens lives in src/renderer/src/stores or app/).',
};
const NO_DEXIE = {
  source: DEXIE,
  message:
    'Only the data layer (src/renderer/src/db, src/renderer/src/repos) touches Dexie; read through a repository hook.',
};
const BROWSER_DIALOGS = ['confirm', 'alert', 'prompt'];
const NO_BROWSER_DIALOG =
  'Ask in the app with ui/ConfirmDialog (or ModalDialog), never window.confirm, alert or prompt.';
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

/** The renderer's layers below the app services; where each folder belongs (docs/architecture.md, "The renderer's layers"). */
// Each domain's pure models live in `<domain>/model/`, its repositories in `<domain>/repo/` and
// its app-service commands in `<domain>/commands/` (cards, outbox, team, accounts, webhooks, ...):
// one pattern each, so a new domain cannot be forgotten here.
const RENDERER_MODELS = ['src/renderer/src/model/**', 'src/renderer/src/*/model/**', 'src/renderer/src/util/**'];
const RENDERER_REPOS = ['src/renderer/src/repos/**', 'src/renderer/src/*/repo/**'];
const RENDERER_ENGINES = [
  'src/renderer/src/sync/**',
  'src/renderer/src/search/**',
  'src/renderer/src/outbox/sender/**',
];
const RENDERER_APP = ['src/renderer/src/app/**', 'src/renderer/src/stores/**', 'src/renderer/src/*/commands/**'];
const BELOW_SCREENS = [
  'renderer-app',
  'renderer-engine',
  'renderer-repos',
  'renderer-model',
  'renderer-ui',
  'renderer-platform',
  'shared',
];

// The team domain's two policies, after the layer table: each refuses what the layers would allow.
const OUTBOX_NOT_TEAM =
  'The outbox never imports the team domain (src/renderer/src/team): team/ builds on the outbox, so an import back ties the two together again. Decide solo-or-team in team/commands (or app/) and have the screens call that.';
const SCREENS_TEAM_COMMANDS =
  'Screens and their parts reach the team domain through team/commands (and team/model for words) or platform/workspace, never its repositories.';

/**
 * One naming rule for hook files: a module named for a hook is named after it in camelCase,
 * `useThing.ts(x)` (as 14 of the 17 hook files were), and exports that hook. `use-thing.ts` is
 * refused. A module that holds a store, a repository or a command with hooks among its exports is
 * named for that job instead (stores/navigation.ts, repos/entities-hooks.ts).
 */
const hookFileName = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: {
      kebab: "Hook files are named after their hook in camelCase: rename '{{file}}' to '{{camel}}'.",
      missing: "'{{file}}' is named for a hook, so it exports '{{name}}' (rename the file after the hook it holds).",
    },
  },
  create(context) {
    const file = context.filename.split(/[\\/]/).pop() ?? '';
    const base = file.replace(/\.(ts|tsx|mts)$/, '');
    if (/^use[-_]/.test(base)) {
      const camel = base.replace(/[-_]+([a-z0-9])/g, (_, c) => c.toUpperCase()) + file.slice(base.length);
      return { Program: (node) => context.report({ node, messageId: 'kebab', data: { file, camel } }) };
    }
    if (!/^use[A-Z]/.test(base)) return {};
    let exported = false;
    const see = (name) => {
      if (name === base) exported = true;
    };
    return {
      ExportNamedDeclaration(node) {
        const d = node.declaration;
        if (d?.type === 'FunctionDeclaration') see(d.id?.name);
        if (d?.type === 'VariableDeclaration')
          for (const v of d.declarations) if (v.id.type === 'Identifier') see(v.id.name);
        for (const spec of node.specifiers) see(spec.exported.name);
      },
      'Program:exit': (node) => {
        if (!exported) context.report({ node, messageId: 'missing', data: { file, name: base } });
      },
    };
  },
};

/** A boundaries policy: `from` may import only the element types in `to`. */
const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

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
    files: ['src/renderer/src/workers/**'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: [
      'src/main/**',
      'src/sandbox/**',
      'src/browser-host/**',
      'tests/**',
      'scripts/**',
      'electron/**',
      '*.{js,mjs,cjs,ts}',
    ],
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
        // The renderer's layers (docs/architecture.md): ground < repositories < engines < app services < shared parts (parts/) < screens (features/).
        { type: 'renderer-platform', pattern: 'src/renderer/src/platform/**', partialMatch: false },
        { type: 'renderer-db', pattern: 'src/renderer/src/db/**', partialMatch: false },
        { type: 'renderer-model', pattern: [...RENDERER_MODELS], partialMatch: false },
        { type: 'renderer-ui', pattern: 'src/renderer/src/ui/**', partialMatch: false },
        { type: 'renderer-repos', pattern: [...RENDERER_REPOS], partialMatch: false },
        { type: 'renderer-engine', pattern: [...RENDERER_ENGINES], partialMatch: false },
        { type: 'renderer-worker', pattern: 'src/renderer/src/workers/**', partialMatch: false },
        { type: 'renderer-app', pattern: [...RENDERER_APP], partialMatch: false },
        // parts/: what several screens share (the outbox's forms and queue, the profile forms, the
        // spending controls of cards and groups, the sync status of Transactions and the Dashboard).
        // A layer of its own between the app services and the screens: screens import parts, parts
        // never import a screen; features/ holds only screens.
        { type: 'renderer-parts', pattern: 'src/renderer/src/parts/**', partialMatch: false },
        // The frame that shows one screen at a time: the one place that names every screen.
        { type: 'renderer-shell', pattern: 'src/renderer/src/features/shell/**', partialMatch: false },
        {
          type: 'renderer-screen',
          pattern: 'src/renderer/src/features/*/**',
          capture: ['screen'],
          partialMatch: false,
        },
        // What is left at the top (main.tsx, App.tsx): the entry point and the root component,
        // which start the engines and pick the shell or the welcome screen.
        { type: 'renderer-root', pattern: 'src/renderer/**', partialMatch: false },
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
            // Ground: the platform seam, the databases' schemas, pure models, shared components.
            allow('renderer-platform', ['renderer-platform', 'shared']),
            allow('renderer-db', ['renderer-db', 'shared']),
            allow('renderer-model', ['renderer-model', 'shared']),
            allow('renderer-ui', ['renderer-ui', 'renderer-model', 'shared']),
            // Repositories: the only code over the databases.
            allow('renderer-repos', ['renderer-repos', 'renderer-db', 'renderer-model', 'shared']),
            // Engines: sync, search, the outbox sender; over repositories and the platform, never the database itself.
            allow('renderer-engine', [
              'renderer-engine',
              'renderer-repos',
              'renderer-model',
              'renderer-platform',
              'shared',
            ]),
            // A worker has no window.treasury: no platform.
            allow('renderer-worker', [
              'renderer-worker',
              'renderer-engine',
              'renderer-repos',
              'renderer-model',
              'shared',
            ]),
            // App services: stores, commands, the engines' lifecycle.
            allow('renderer-app', [
              'renderer-app',
              'renderer-engine',
              'renderer-repos',
              'renderer-model',
              'renderer-platform',
              'shared',
            ]),
            allow('renderer-parts', ['renderer-parts', ...BELOW_SCREENS]),
            // A screen never imports another screen; only its own folder, shared parts and what lies below.
            {
              from: { element: { type: 'renderer-screen' } },
              allow: { to: { element: { types: { anyOf: ['renderer-parts', ...BELOW_SCREENS] } } } },
            },
            {
              from: { element: { type: 'renderer-screen' } },
              allow: {
                to: {
                  element: { type: 'renderer-screen', captured: { screen: '{{ from.element.captured.screen }}' } },
                },
              },
            },
            allow('renderer-shell', ['renderer-shell', 'renderer-screen', 'renderer-parts', ...BELOW_SCREENS]),
            allow('renderer-root', [
              'renderer-root',
              'renderer-shell',
              'renderer-screen',
              'renderer-parts',
              ...BELOW_SCREENS,
            ]),
            // main starts the sandbox in-process for the Demo profile.
            allow('main', ['main', 'shared', 'sandbox']),
            // Plays main's part in a plain Chromium where Electron is missing.
            allow('browser-host', ['browser-host', 'main', 'shared', 'sandbox']),
            // After the layer table, so these win over what it allows (the last policy that matches decides).
            {
              from: { element: { path: 'src/renderer/src/outbox/**' } },
              disallow: { to: { element: { path: 'src/renderer/src/team/**' } } },
              message: OUTBOX_NOT_TEAM,
            },
            {
              from: {
                element: { types: { anyOf: ['renderer-screen', 'renderer-parts', 'renderer-shell', 'renderer-root'] } },
              },
              disallow: { to: { element: { path: 'src/renderer/src/team/repo/**' } } },
              message: SCREENS_TEAM_COMMANDS,
            },
          ],
        },
      ],
    },
  },

  // Packages, builtins and globals each layer must not use.
  {
    files: ['src/shared/**'],
    rules: restrict([
      {
        source: `${NODE_BUILTINS}|${ELECTRON}|${DOM_LIBS}`,
        message: 'src/shared runs in every process: no Node builtins, no electron, no DOM-only libraries.',
      },
    ]),
  },
  {
    files: ['src/renderer/**'],
    rules: restrict([NO_NODE_IN_RENDERER, NO_DEXIE], [BRIDGE_READ]),
  },
  {
    files: ['src/renderer/src/db/**', ...RENDERER_REPOS],
    rules: restrict([NO_NODE_IN_RENDERER], [BRIDGE_READ]),
  },
  {
    // Pure models and engines are plain TypeScript: React and zustand belong to screens and app services.
    files: [...RENDERER_MODELS, ...RENDERER_ENGINES],
    rules: restrict([NO_NODE_IN_RENDERER, NO_DEXIE, NO_REACT_OR_ZUSTAND], [BRIDGE_READ]),
  },
  {
    files: ['src/renderer/src/platform/**'],
    rules: restrict([NO_NODE_IN_RENDERER, NO_DEXIE]),
  },
  {
    files: ['src/preload/**'],
    rules: restrict([
      { source: ANY_PACKAGE_BUT_ELECTRON, message: 'The sandboxed preload imports only electron and src/shared.' },
    ]),
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { naming: { rules: { 'hook-file-name': hookFileName } } },
    rules: { 'naming/hook-file-name': 'error' },
  },
  {
    // People answer in the app's own dialogs (ui/ConfirmDialog), which the keyboard, the theme and
    // assistive technology reach, never in the browser's.
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-globals': ['error', ...BROWSER_DIALOGS.map((name) => ({ name, message: NO_BROWSER_DIALOG }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          BROWSER_DIALOGS.map((property) => ({ object, property, message: NO_BROWSER_DIALOG })),
        ),
      ],
    },
  },
]);
