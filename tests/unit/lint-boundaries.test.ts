import { resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves eslint.config.mjs enforces the process layers of docs/architecture.md: each case lints a snippet
// as if it lived at `file` (imports resolve against the real tree) and checks the layer rules.

const root = resolve(__dirname, '../..');
const LAYER_RULES = new Set([
  'boundaries/dependencies',
  'boundaries/no-unknown-dependencies',
  'no-restricted-imports',
  'no-restricted-syntax',
]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lint(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file), warnIgnored: true });
  if (!result) throw new Error('no lint result');
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, `parse errors in ${file}`).toEqual([]);
  return result.messages;
}

async function layerViolations(file: string, code: string): Promise<string[]> {
  const messages = await lint(file, code);
  return messages
    .filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId) && m.severity === 2)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

type Case = [file: string, code: string];

const violations: Record<string, Case[]> = {
  'src/shared imports no electron, Node builtins or DOM libraries, and nothing of ours outside src/shared': [
    ['src/shared/x.ts', `import { app } from 'electron';\nexport { app };`],
    ['src/shared/x.ts', `export { ipcRenderer } from 'electron/renderer';`],
    ['src/shared/x.ts', `import { readFile } from 'node:fs';\nexport { readFile };`],
    ['src/shared/x.ts', `import path from 'path';\nexport { path };`],
    ['src/shared/x.ts', `import { readFile } from 'fs/promises';\nexport { readFile };`],
    ['src/shared/x.ts', `import { randomUUID } from 'crypto';\nexport { randomUUID };`],
    ['src/shared/x.ts', `export const load = () => import('node:fs');`],
    ['src/shared/x.ts', `import { useState } from 'react';\nexport { useState };`],
    ['src/shared/x.ts', `import { createRoot } from 'react-dom/client';\nexport { createRoot };`],
    ['src/shared/x.ts', `import Dexie from 'dexie';\nexport { Dexie };`],
    ['src/shared/service/x.ts', `import '../../main/index';`],
    ['src/shared/x.ts', `import '../sandbox/index';`],
    ['src/shared/x.ts', `import '../renderer/src/App';`],
    ['src/shared/x.ts', `import '../preload/index';`],
    ['src/shared/x.ts', `import '../../tests/unit/money.test';`],
  ],
  'src/renderer never imports src/main, src/sandbox, src/preload, electron or Node builtins': [
    ['src/renderer/src/x.ts', `import '../../main/index';`],
    // Resolves to src/renderer/main/index, which does not exist: unknown local imports fail too.
    ['src/renderer/src/x.ts', `import '../main/index';`],
    ['src/renderer/src/x.ts', `import { createMainWindow } from '../../main/window';\nexport { createMainWindow };`],
    ['src/renderer/src/x.ts', `import '../../sandbox/index';`],
    ['src/renderer/src/x.ts', `import '../../preload/index';`],
    ['src/renderer/src/x.ts', `export const m = () => import('../../main/window');`],
    ['src/renderer/src/x.tsx', `import { ipcRenderer } from 'electron';\nexport { ipcRenderer };`],
    ['src/renderer/src/x.ts', `import { readFileSync } from 'node:fs';\nexport { readFileSync };`],
    ['src/renderer/src/x.ts', `import { join } from 'path';\nexport { join };`],
  ],
  'src/sandbox imports only src/shared of ours': [
    ['src/sandbox/x.ts', `import '../main/index';`],
    ['src/sandbox/x.ts', `import '../renderer/src/App';`],
    ['src/sandbox/x.ts', `import '../preload/index';`],
    ['src/sandbox/x.ts', `import '../../electron/after-pack.cjs';`],
  ],
  'src/preload imports only src/shared and electron': [
    ['src/preload/x.ts', `import '../main/index';`],
    ['src/preload/x.ts', `import '../renderer/src/App';`],
    ['src/preload/x.ts', `import '../sandbox/index';`],
    ['src/preload/x.ts', `import { z } from 'zod';\nexport { z };`],
    ['src/preload/x.ts', `import { join } from 'node:path';\nexport { join };`],
  ],
  'only the renderer data layer (db/, repos/) touches Dexie; screens never import the database': [
    ['src/renderer/src/features/x.tsx', `import Dexie from 'dexie';\nexport { Dexie };`],
    ['src/renderer/src/features/x.tsx', `import { useLiveQuery } from 'dexie-react-hooks';\nexport { useLiveQuery };`],
    ['src/renderer/src/stores/x.ts', `export const load = () => import('dexie');`],
    ['src/renderer/src/sync/x.ts', `import { liveQuery } from 'dexie';\nexport { liveQuery };`],
    ['src/renderer/src/features/transactions/x.tsx', `import { cacheDb } from '../../db/open';\nexport { cacheDb };`],
    ['src/renderer/src/ui/x.tsx', `import { CacheDb } from '../db/cache-db';\nexport { CacheDb };`],
    ['src/renderer/src/workers/x.ts', `import { cacheDb } from '../db/open';\nexport { cacheDb };`],
    ['src/renderer/src/db/x.ts', `import { appendPage } from '../repos/transactions-repo';\nexport { appendPage };`],
  ],
  'only src/renderer/src/platform reads window.treasury': [
    ['src/renderer/src/features/x.tsx', `export const t = window.treasury;`],
    ['src/renderer/src/stores/x.ts', `export const t = globalThis.treasury;`],
    ['src/renderer/src/repos/x.ts', `export const t = window.treasury;`],
    ['src/renderer/src/workers/x.ts', `import { serviceCall } from '../platform/service';\nexport { serviceCall };`],
  ],
  'the renderer layers: ground < repositories < engines < app services < screens; nothing imports upward': [
    // Ground (pure models, ui, platform, db) imports no repository, engine, store or screen.
    ['src/renderer/src/model/x.ts', `import { cacheDb } from '../repos/cache-repo';\nexport { cacheDb };`],
    ['src/renderer/src/outbox/model/x.ts', `import { getRow } from '../repo/outbox-repo';\nexport { getRow };`],
    ['src/renderer/src/search/model/x.ts', `import { openSearch } from '../search-session';\nexport { openSearch };`],
    ['src/renderer/src/ui/x.tsx', `import { useProfiles } from '../stores/profiles';\nexport { useProfiles };`],
    ['src/renderer/src/platform/x.ts', `import { money } from '../model/format';\nexport { money };`],
    ['src/renderer/src/model/x.ts', `import { serviceCall } from '../platform/service';\nexport { serviceCall };`],
    // Repositories import no engine, store or screen.
    ['src/renderer/src/repos/x.ts', `import { syncProfile } from '../sync/profile-sync';\nexport { syncProfile };`],
    ['src/renderer/src/outbox/repo/x.ts', `import { OutboxSender } from '../sender/sender';\nexport { OutboxSender };`],
    ['src/renderer/src/team/repo/x.ts', `import { pushSoon } from '../commands/pusher';\nexport { pushSoon };`],
    ['src/renderer/src/repos/x.ts', `import { useProfiles } from '../stores/profiles';\nexport { useProfiles };`],
    // Engines import no store, app service or screen, and neither React nor zustand.
    [
      'src/renderer/src/sync/x.ts',
      `import { useConnectivity } from '../stores/connectivity';\nexport { useConnectivity };`,
    ],
    ['src/renderer/src/outbox/sender/x.ts', `import { senders } from '../commands/sending';\nexport { senders };`],
    ['src/renderer/src/search/x.ts', `import { syncs } from '../app/sync';\nexport { syncs };`],
    ['src/renderer/src/sync/x.ts', `import { useEffect } from 'react';\nexport { useEffect };`],
    ['src/renderer/src/outbox/sender/x.ts', `import { create } from 'zustand';\nexport { create };`],
    ['src/renderer/src/outbox/model/x.ts', `import { useState } from 'react';\nexport { useState };`],
    [
      'src/renderer/src/sync/x.ts',
      `import { TransactionsScreen } from '../features/transactions/TransactionsScreen';\nexport { TransactionsScreen };`,
    ],
    // App services import no screen.
    ['src/renderer/src/stores/x.ts', `import { SECTIONS } from '../features/shell/Sidebar';\nexport { SECTIONS };`],
    [
      'src/renderer/src/app/x.ts',
      `import { OutboxQueue } from '../parts/outbox/OutboxQueue';\nexport { OutboxQueue };`,
    ],
    [
      'src/renderer/src/outbox/commands/x.ts',
      `import { SettingsScreen } from '../../features/settings/SettingsScreen';\nexport { SettingsScreen };`,
    ],
    // The team workspace's stores are app services: no screen above them, no engine reads them.
    [
      'src/renderer/src/team/commands/x.ts',
      `import { SettingsScreen } from '../../features/settings/SettingsScreen';\nexport { SettingsScreen };`,
    ],
    [
      'src/renderer/src/outbox/sender/x.ts',
      `import { useWorkspaces } from '../../team/commands/workspaces-store';\nexport { useWorkspaces };`,
    ],
    // A screen never imports another screen (only the shell names them all), nor does a shared part.
    [
      'src/renderer/src/features/transfers/x.tsx',
      `import { ApprovalsScreen } from '../approvals/ApprovalsScreen';\nexport { ApprovalsScreen };`,
    ],
    [
      'src/renderer/src/features/welcome/x.tsx',
      `import { SettingsScreen } from '../settings/SettingsScreen';\nexport { SettingsScreen };`,
    ],
    [
      'src/renderer/src/parts/outbox/x.tsx',
      `import { TransactionsScreen } from '../../features/transactions/TransactionsScreen';\nexport { TransactionsScreen };`,
    ],
    ['src/renderer/src/features/settings/x.tsx', `import { Shell } from '../shell/Shell';\nexport { Shell };`],
  ],
  'the outbox never imports the team domain (team/ builds on it); screens reach team/ through its commands, never its repositories':
    [
      [
        'src/renderer/src/outbox/commands/x.ts',
        `import { submitForApproval } from '../../team/commands/team-drafts';\nexport { submitForApproval };`,
      ],
      ['src/renderer/src/outbox/commands/x.ts', `export const m = () => import('../../team/commands/team-follow');`],
      [
        'src/renderer/src/outbox/repo/x.ts',
        `import { markPushed } from '../../team/repo/team-repo';\nexport { markPushed };`,
      ],
      [
        'src/renderer/src/outbox/model/x.ts',
        `import { localClosing } from '../../team/model/follow';\nexport { localClosing };`,
      ],
      [
        'src/renderer/src/outbox/sender/x.ts',
        `import { localClosing } from '../../team/model/follow';\nexport { localClosing };`,
      ],
      [
        'src/renderer/src/features/approvals/x.tsx',
        `import { useTeamItems } from '../../team/repo/team-repo';\nexport { useTeamItems };`,
      ],
      [
        'src/renderer/src/parts/outbox/x.tsx',
        `import { handRowToTeam } from '../../team/repo/team-rows-repo';\nexport { handRowToTeam };`,
      ],
    ],
  'src/main never imports src/renderer': [
    ['src/main/x.ts', `import { App } from '../renderer/src/App';\nexport { App };`],
    ['src/main/service/x.ts', `import '../../renderer/src/main';`],
  ],
};

const allowed: Record<string, Case[]> = {
  'src/shared': [
    ['src/shared/x.ts', `import { z } from 'zod';\nimport { parseCents } from './money';\nexport { z, parseCents };`],
    ['src/shared/x.ts', `export * from './service/endpoints';\nexport type { TreasuryApi } from './ipc';`],
  ],
  'src/renderer': [
    [
      'src/renderer/src/x.tsx',
      `import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { App } from './App';\nimport type { TreasuryApi } from '../../shared/ipc';\nexport { StrictMode, createRoot, App };\nexport type { TreasuryApi };`,
    ],
  ],
  'the renderer data layer': [
    ['src/renderer/src/db/x.ts', `import Dexie from 'dexie';\nexport { Dexie };`],
    [
      'src/renderer/src/repos/x.ts',
      `import { useLiveQuery } from 'dexie-react-hooks';\nimport { cacheDb } from '../db/open';\nexport { useLiveQuery, cacheDb };`,
    ],
    [
      'src/renderer/src/features/x.tsx',
      `import { useEntities } from '../repos/entities-hooks';\nexport { useEntities };`,
    ],
    ['src/renderer/src/platform/x.ts', `export const t = window.treasury;`],
    [
      'src/renderer/src/workers/x.ts',
      `import { chunksAfter } from '../repos/transactions-repo';\nexport { chunksAfter };`,
    ],
  ],
  'the renderer layers, downward': [
    [
      'src/renderer/src/outbox/model/x.ts',
      `import { money } from '../../model/format';\nimport type { OutboxRow } from '../../../../shared/outbox';\nexport { money };\nexport type { OutboxRow };`,
    ],
    [
      'src/renderer/src/outbox/repo/x.ts',
      `import { outboxDb } from '../../db/outbox-db';\nimport * as t from '../model/transitions';\nexport { outboxDb, t };`,
    ],
    [
      'src/renderer/src/team/repo/x.ts',
      `import { useLiveQuery } from 'dexie-react-hooks';\nimport { outboxDb } from '../../db/outbox-db';\nimport { changeRows } from '../../outbox/repo/outbox-repo';\nexport { useLiveQuery, outboxDb, changeRows };`,
    ],
    [
      'src/renderer/src/outbox/sender/x.ts',
      `import { getRow } from '../repo/outbox-repo';\nimport { serviceCall } from '../../platform/service';\nexport { getRow, serviceCall };`,
    ],
    [
      'src/renderer/src/sync/x.ts',
      `import { chunksWritten } from '../search/search-session';\nexport { chunksWritten };`,
    ],
    [
      'src/renderer/src/app/x.ts',
      `import { create } from 'zustand';\nimport { SenderPool } from '../outbox/sender/sender-pool';\nimport { useProfiles } from '../stores/profiles';\nexport { create, SenderPool, useProfiles };`,
    ],
    [
      'src/renderer/src/features/transfers/x.tsx',
      `import { NewTransferForm } from '../../parts/outbox/NewTransferForm';\nimport { useProfiles } from '../../stores/profiles';\nimport { TransfersScreen } from './TransfersScreen';\nexport { NewTransferForm, useProfiles, TransfersScreen };`,
    ],
    [
      'src/renderer/src/features/welcome/x.tsx',
      `import { AddProfileForm } from '../../parts/profiles/AddProfileForm';\nexport { AddProfileForm };`,
    ],
    [
      'src/renderer/src/team/commands/x.ts',
      `import { create } from 'zustand';\nimport { workspaceCalls } from '../../platform/workspace';\nimport { ROLE_WORDS } from '../model/workspace-words';\nexport { create, workspaceCalls, ROLE_WORDS };`,
    ],
    [
      'src/renderer/src/features/settings/x.tsx',
      `import { useWorkspaces } from '../../team/commands/workspaces-store';\nexport { useWorkspaces };`,
    ],
    [
      'src/renderer/src/features/shell/x.tsx',
      `import { ApprovalsScreen } from '../approvals/ApprovalsScreen';\nexport { ApprovalsScreen };`,
    ],
    [
      'src/renderer/src/team/commands/x.ts',
      `import { senders } from '../../outbox/commands/sending';\nimport { createDrafts } from '../../outbox/repo/outbox-repo';\nimport { handRowsToTeam } from '../repo/team-rows-repo';\nexport { senders, createDrafts, handRowsToTeam };`,
    ],
    [
      'src/renderer/src/features/approvals/x.tsx',
      `import { useTeamItems } from '../../team/commands/useTeamQueue';\nimport { closedLines } from '../../team/model/inbox';\nimport { workspaceCalls } from '../../platform/workspace';\nexport { useTeamItems, closedLines, workspaceCalls };`,
    ],
    [
      'src/renderer/src/x.ts',
      `import { startEngines } from './app/engines';\nimport { Shell } from './features/shell/Shell';\nexport { startEngines, Shell };`,
    ],
  ],
  'src/sandbox': [
    [
      'src/sandbox/x.ts',
      `import Fastify from 'fastify';\nimport { createServer } from 'node:http';\nimport { parseCents } from '../shared/money';\nimport '../shared/service/endpoints';\nexport { Fastify, createServer, parseCents };`,
    ],
  ],
  'src/preload': [
    [
      'src/preload/x.ts',
      `import { contextBridge } from 'electron';\nimport { BRIDGE_KEY } from '../shared/ipc';\nexport { contextBridge, BRIDGE_KEY };`,
    ],
  ],
  'src/main': [
    [
      'src/main/x.ts',
      `import { app } from 'electron';\nimport { join } from 'node:path';\nimport { createMainWindow } from './window/main-window';\nimport { parseCents } from '../shared/money';\nimport '../sandbox/index';\nexport { app, join, createMainWindow, parseCents };`,
    ],
  ],
};

describe('lint: process layers', () => {
  for (const [rule, cases] of Object.entries(violations)) {
    describe(rule, () => {
      it.each(cases)('%s: rejects %s', async (file, code) => {
        expect(await layerViolations(file, code)).not.toEqual([]);
      });
    });
  }

  for (const [layer, cases] of Object.entries(allowed)) {
    describe(`${layer} allowed imports`, () => {
      it.each(cases)('%s: accepts %s', async (file, code) => {
        expect(await lint(file, code)).toEqual([]);
      });
    });
  }
});

describe('lint: TypeScript rules', () => {
  it('rejects explicit any', async () => {
    const messages = await lint('src/shared/x.ts', `export const x: any = 1;`);
    expect(messages.map((m) => [m.ruleId, m.severity])).toContainEqual(['@typescript-eslint/no-explicit-any', 2]);
  });

  it('rejects unused variables unless prefixed with _', async () => {
    const unused = await lint('src/shared/x.ts', `const unused = 1;\nexport {};`);
    expect(unused.map((m) => [m.ruleId, m.severity])).toContainEqual(['@typescript-eslint/no-unused-vars', 2]);
    const ignored = await lint(
      'src/shared/x.ts',
      `const _unused = 1;\nexport function f(_a: number, b: number): number {\n  const [_first, second] = [b, b];\n  try {\n    return second;\n  } catch (_error) {\n    return 0;\n  }\n}`,
    );
    expect(ignored).toEqual([]);
  });
});
