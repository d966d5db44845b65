import { createHash } from 'node:crypto';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { HOST_ENTRY_URL } from '../../../src/browser-host/origin';
import { serveAppFiles } from '../../../src/browser-host/serve-app';
import { startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox';
import type { MainCore } from '../../../src/main/core';
import { MemorySecretStore } from '../../../src/main/secrets/memory-secret-store';
import type { SecretStore } from '../../../src/main/secrets/secret-store';
import { test } from '../fixtures';
import { openSection } from './flows';
import { PINNED_NOON } from './clock';
import { promptsOf, type Prompts } from './prompts';
import { rendererDir } from './renderer';
import { startSession } from './session';

/**
 * What the team workspace's e2e need beyond one app: a PostgreSQL cluster for the worker (each
 * test makes its own database on it), and more desktops, each a whole app of its own (its own
 * browser context, data folder, keychain and main's prompt window) beside the fixture's `app`.
 */
export interface Desktop {
  page: Page;
  prompts: Prompts;
  /** main's core of this desktop: to ask it to probe sooner than its own backoff would. */
  core: MainCore;
  /** This desktop's keychain (in memory here): what someone who stole the member's key would hold. */
  keychain: SecretStore;
  open(): Promise<void>;
}

async function openDesktop(browser: Browser, shim: string): Promise<{ desktop: Desktop; close(): Promise<void> }> {
  // The same page settings as the config's `use` gives the fixture's page.
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await serveAppFiles(context, rendererDir());
  const keychain = new MemorySecretStore();
  const session = await startSession(page, shim, { now: PINNED_NOON, secrets: keychain });
  return {
    desktop: {
      page,
      prompts: promptsOf(session.prompts),
      core: session.core,
      keychain,
      async open() {
        await page.goto(HOST_ENTRY_URL);
        await expect(page.getByText('Loading…')).toHaveCount(0);
      },
    },
    async close() {
      await context.close().catch(() => undefined);
      await session.dispose();
    },
  };
}

export const teamTest = test.extend<{ desktop: () => Promise<Desktop> }, { pg: PgCluster }>({
  pg: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const cluster = await startPgCluster();
      try {
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  desktop: async ({ browser, shim }, use) => {
    const opened: { close(): Promise<void> }[] = [];
    try {
      await use(async () => {
        const d = await openDesktop(browser, shim);
        opened.push(d);
        return d.desktop;
      });
    } finally {
      for (const d of opened) await d.close();
    }
  },
});

/**
 * A key's fingerprint computed here from the raw key the database holds (standard base64 of 32
 * bytes), apart from the app's code: SHA-256, upper-case hex, groups of four.
 */
export function fingerprintOfKey(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').toUpperCase();
  return (hex.match(/.{4}/g) ?? []).join(' ');
}

/** The JSON body of a signed statement as stored (`treasury-team/1 <kind>\n<json>`), read here without the app's reader. */
export function statementBody(text: string): Record<string, unknown> {
  const newline = text.indexOf('\n');
  return JSON.parse(text.slice(newline + 1)) as Record<string, unknown>;
}

/** What the Settings flows below need of a desktop: its page and main's prompt window. */
export interface TeamPerson {
  page: Page;
  prompts: Prompts;
}

/** Where a desktop reaches the workspace's database (a desktop behind a relay has a port of its own). */
export interface WorkspaceAddress {
  host: string;
  port: number;
  database: string;
}

/** Settings → Team workspace. */
export async function workspacePanel(page: Page) {
  await openSection(page, 'Settings');
  return page.getByRole('region', { name: 'Team workspace' });
}

/** The first admin makes the workspace in Settings with the database owner's role, as the person would, confirming in main's window. */
export async function createWorkspace(
  admin: TeamPerson,
  at: WorkspaceAddress,
  owner: { user: string; password: string },
  names: { workspace: string; me: string },
): Promise<void> {
  const panel = await workspacePanel(admin.page);
  await panel.getByRole('button', { name: 'Create a workspace' }).click();
  const create = panel.getByRole('form', { name: 'Create a workspace' });
  await create.getByLabel('Workspace name').fill(names.workspace);
  await create.getByLabel('Your name').fill(names.me);
  await create.getByLabel('Database server').fill(at.host);
  await create.getByLabel('Port').fill(String(at.port));
  await create.getByLabel('Database', { exact: true }).fill(at.database);
  await create.getByLabel('Owner’s database role').fill(owner.user);
  await create.getByLabel('Owner’s password').fill(owner.password);
  await create.getByRole('button', { name: 'Create the workspace' }).click();
  // The form says what it waits for while main's window asks.
  await expect(create.getByText(/Creating the workspace/)).toBeVisible();
  await admin.prompts.confirm(new RegExp(`database role “${owner.user}”`));
  await expect(panel.getByRole('heading', { name: names.workspace })).toBeVisible();
}

/** An admin adds a login in Settings; resolves to the login and the password shown once. */
export async function addLogin(admin: TeamPerson): Promise<{ login: string; password: string }> {
  const panel = await workspacePanel(admin.page);
  await panel.getByRole('button', { name: 'Add a login' }).click();
  await admin.prompts.confirm(/^Make a new database login for /);
  const secret = panel.getByRole('group', { name: 'The new login' });
  await expect(secret).toBeVisible();
  const login = ((await secret.locator('dd').nth(0).textContent()) ?? '').trim();
  const password = ((await secret.locator('dd').nth(1).textContent()) ?? '').trim();
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();
  return { login, password };
}

/** Opens the "Join a workspace" form of a Team workspace panel and types into it what a member was handed; returns the form. */
export async function openJoinForm(
  panel: Locator,
  at: WorkspaceAddress,
  credentials: { login: string; password: string },
  name: string,
): Promise<Locator> {
  await panel.getByRole('button', { name: 'Join a workspace' }).click();
  const join = panel.getByRole('form', { name: 'Join a workspace' });
  await join.getByLabel('Database server').fill(at.host);
  await join.getByLabel('Port').fill(String(at.port));
  await join.getByLabel('Database', { exact: true }).fill(at.database);
  await join.getByLabel('Database login').fill(credentials.login);
  await join.getByLabel('Password', { exact: true }).fill(credentials.password);
  await join.getByLabel('Your name').fill(name);
  return join;
}

/**
 * A member joins with the login an admin handed over: main asks before sending the password,
 * then shows the admin key's fingerprint, which must be `adminFingerprint` (what the admin's
 * screen shows) before it is pinned.
 */
export async function joinWorkspace(
  member: TeamPerson,
  at: WorkspaceAddress,
  credentials: { login: string; password: string },
  name: string,
  adminFingerprint: string,
): Promise<void> {
  const panel = await workspacePanel(member.page);
  const join = await openJoinForm(panel, at, credentials, name);
  await join.getByRole('button', { name: 'Join the workspace' }).click();
  await member.prompts.confirm(new RegExp(`database role “${credentials.login}”`));
  const pin = await member.prompts.next();
  expect(pin.detail.join(' ')).toContain(adminFingerprint);
  await pin.confirm();
  await expect(panel.getByTestId('workspace-waiting')).toContainText('Waiting for an admin to register this desktop');
}

/** An admin registers a member's request with a role, after main's window showed its fingerprint; waits until the member's desktop knows. */
export async function registerMember(
  admin: TeamPerson,
  member: TeamPerson,
  name: string,
  role: 'approver' | 'drafter' | 'admin',
): Promise<void> {
  const panel = await workspacePanel(admin.page);
  const row = panel.getByRole('table', { name: 'Requests to join' }).getByRole('row', { name: new RegExp(name) });
  await row.getByLabel(`Role for ${name}`).selectOption(role);
  await row.getByRole('button', { name: `Register ${name}…` }).click();
  await admin.prompts.confirm(`Register “${name}” as ${role === 'drafter' ? 'a' : 'an'} ${role}, with the key below?`);
  await expect(
    panel.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();
  const theirs = await workspacePanel(member.page);
  await expect(theirs.getByText(`${name}, ${role}`)).toBeVisible();
}

/**
 * An admin signs version 1 of the policy for `service` (already chosen in the panel): from
 * `fromUsd` on, `approvers`; below, one. Confirmed in main's window; waits until it is in force.
 */
export async function signFirstPolicy(
  admin: TeamPerson,
  policies: Locator,
  service: string,
  rule: { fromUsd: string; approvers: number },
): Promise<void> {
  await policies.getByRole('button', { name: 'Add a rule' }).click();
  await policies.getByLabel('From (USD)').fill(rule.fromUsd);
  await policies.getByLabel('Approvers needed', { exact: true }).fill(String(rule.approvers));
  await policies.getByLabel('Approvers needed for rows no rule covers').fill('1');
  await policies.getByRole('button', { name: 'Sign and save the policy' }).click();
  await admin.prompts.confirm(`Sign version 1 of the approval policy for ${service}?`);
  await expect(policies.getByRole('status')).toHaveText(
    `Version 1 of the policy is signed and in force for ${service}.`,
  );
}

/** A sandbox for the file's team tests: started before them, closed after; read it inside a test. */
export function teamSandbox(options: SandboxOptions): () => Sandbox {
  let sandbox: Sandbox | undefined;
  teamTest.beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  teamTest.afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('the sandbox is read before the file’s tests started it');
    return sandbox;
  };
}
