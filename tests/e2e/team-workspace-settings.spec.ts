import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { freePort } from '../support/pg-cluster';
import { expect } from './fixtures';
import { openSection, startDemo } from './harness/flows';
import {
  createWorkspace,
  fingerprintOfKey,
  openJoinForm,
  signFirstPolicy,
  statementBody,
  teamTest as test,
} from './harness/team';

/**
 * Settings → Team workspace, with two desktops on a real PostgreSQL: one creates the workspace
 * and adds a login; the other joins with it (a wrong password first: the reason shown, what was
 * typed kept); the admin registers it as an approver after the fingerprints on both screens
 * were compared; a policy is signed and reaches the other desktop; the audit is checked and
 * exported; the approver leaves. Expected fingerprints, policy and audit lines are read here from
 * what the database holds.
 */

const SERVICE = 'https://api.acme.example';

async function settingsPanel(page: Page) {
  await openSection(page, 'Settings');
  return page.getByRole('region', { name: 'Team workspace' });
}

test('a workspace made in Settings, joined from a second desktop, a member registered after comparing fingerprints; a policy signed, the audit exported, a role changed, and leaving', async ({
  app,
  pg,
  desktop,
}) => {
  test.slow();
  const db = await pg.createWorkspaceDatabase('ws_settings');
  const su = await pg.connectAsSuperuser(db.database);
  try {
    // The admin's desktop: solo first, then a workspace.
    await app.open();
    await startDemo(app.page);
    const admin = await settingsPanel(app.page);
    await expect(admin.getByText(/Working alone needs nothing here/)).toBeVisible();
    await createWorkspace(
      app,
      { host: pg.host, port: pg.port, database: db.database },
      { user: db.user, password: db.password },
      { workspace: 'Acme Treasury', me: 'Ada Admin' },
    );

    await expect(admin.getByRole('heading', { name: 'Acme Treasury' })).toBeVisible();
    await expect(admin.getByTestId('workspace-connectivity')).toHaveText('Connected');
    const rootKey =
      (await su.query<{ root_key: string }>('SELECT root_key FROM team.workspace')).rows[0]?.root_key ?? '';
    const adminFingerprint = fingerprintOfKey(rootKey);
    // The first admin's own key is the workspace's admin key.
    await expect(admin.getByTestId('admin-fingerprint')).toHaveText(adminFingerprint);
    await expect(admin.getByTestId('my-fingerprint')).toHaveText(adminFingerprint);

    // A login for the second person, its password shown once.
    await admin.getByRole('button', { name: 'Add a login' }).click();
    // Main asks before it makes a login (a page cannot make one by itself).
    await app.prompts.confirm('Make a new database login for Acme Treasury?');
    const secret = admin.getByRole('group', { name: 'The new login' });
    await expect(secret).toBeVisible();
    const login = ((await secret.locator('dd').nth(0).textContent()) ?? '').trim();
    const password = ((await secret.locator('dd').nth(1).textContent()) ?? '').trim();
    expect(login).toMatch(new RegExp(`^${db.database}_m_[0-9a-f]{8,16}$`));
    expect(password.length).toBeGreaterThan(10);
    await secret.getByRole('button', { name: 'Copy the password' }).click();
    await expect.poll(() => app.clipboard.writes.at(-1)).toBe(password);
    await secret.getByRole('button', { name: 'Done' }).click();
    await expect(admin.getByText(password)).toHaveCount(0);

    // The second desktop joins: with a wrong password first.
    const clerk = await desktop();
    await clerk.open();
    await startDemo(clerk.page);
    const mine = await settingsPanel(clerk.page);
    const join = await openJoinForm(
      mine,
      { host: pg.host, port: pg.port, database: db.database },
      { login, password: `${password}-wrong` },
      'Clerk Clara',
    );
    await join.getByRole('button', { name: 'Join the workspace' }).click();
    await clerk.prompts.confirm(new RegExp(`database role “${login}”`));
    await expect(join.getByRole('alert')).toContainText('The login or its password was refused.');
    // Nothing typed is lost: the person corrects the password and tries again.
    await expect(join.getByLabel('Database server')).toHaveValue(pg.host);
    await expect(join.getByLabel('Port')).toHaveValue(String(pg.port));
    await expect(join.getByLabel('Database', { exact: true })).toHaveValue(db.database);
    await expect(join.getByLabel('Database login')).toHaveValue(login);
    await expect(join.getByLabel('Password', { exact: true })).toHaveValue(`${password}-wrong`);
    await expect(join.getByLabel('Your name')).toHaveValue('Clerk Clara');
    expect((await su.query('SELECT 1 FROM team.join_request')).rowCount).toBe(0);

    await join.getByLabel('Password', { exact: true }).fill(password);
    await join.getByRole('button', { name: 'Join the workspace' }).click();
    await clerk.prompts.confirm(new RegExp(`database role “${login}”`));
    // main's own window shows the admin key: the clerk compares it with the admin's screen.
    const pin = await clerk.prompts.next();
    expect(pin.message).toBe('Is this the admin key your admin sees for the workspace “Acme Treasury”?');
    const pinned = pin.detail
      .slice(pin.detail.indexOf('Admin key fingerprint:') + 1)
      .slice(0, 2)
      .join(' ');
    expect(pinned).toBe(adminFingerprint);
    await expect(admin.getByTestId('admin-fingerprint')).toHaveText(pinned);
    await pin.confirm();

    await expect(mine.getByRole('heading', { name: 'Acme Treasury' })).toBeVisible();
    await expect(mine.getByTestId('workspace-waiting')).toContainText('Waiting for an admin to register this desktop');
    await expect(mine.getByTestId('admin-fingerprint')).toHaveText(adminFingerprint);
    const request = (await su.query<{ text: string }>('SELECT text FROM team.join_request WHERE db_role = $1', [login]))
      .rows[0];
    const clerkFingerprint = fingerprintOfKey(String(statementBody(request?.text ?? '').publicKey));
    await expect(mine.getByTestId('my-fingerprint')).toHaveText(clerkFingerprint);

    // The admin sees the request with the same fingerprint, and registers it as an approver.
    const requests = admin.getByRole('table', { name: 'Requests to join' });
    const row = requests.getByRole('row', { name: /Clerk Clara/ });
    await expect(row).toContainText(clerkFingerprint);
    await row.getByLabel('Role for Clerk Clara').selectOption('approver');
    await row.getByRole('button', { name: 'Register Clerk Clara…' }).click();
    const register = await app.prompts.next();
    expect(register.message).toBe('Register “Clerk Clara” as an approver, with the key below?');
    const shownToAdmin = register.detail
      .slice(register.detail.indexOf('Their key fingerprint:') + 1)
      .slice(0, 2)
      .join(' ');
    await expect(mine.getByTestId('my-fingerprint')).toHaveText(shownToAdmin);
    await register.confirm();

    const members = admin.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row', { name: /Clerk Clara/ })).toContainText(clerkFingerprint);
    await expect(members.getByRole('row', { name: /Clerk Clara/ }).getByLabel('Role of Clerk Clara')).toHaveValue(
      'approver',
    );
    await expect(admin.getByText('No one is waiting to be registered.')).toBeVisible();
    // The clerk's desktop hears of it from the workspace, and says who they are now.
    await expect(mine.getByText('Clerk Clara, approver')).toBeVisible();

    // A policy: two approvers from $10,000.00, one below.
    const policies = admin.getByRole('region', { name: 'Approval policies' });
    await policies.getByLabel('Service address', { exact: true }).fill(SERVICE);
    await expect(policies.getByText(/No policy yet/)).toBeVisible();
    await signFirstPolicy(app, policies, SERVICE, { fromUsd: '10,000', approvers: 2 });
    await expect(policies.getByText('$10,000.00 or more: 2 approvers')).toBeVisible();

    // What the database holds is the admin's signed policy, as typed.
    const entries = (await su.query<{ text: string }>('SELECT text FROM team.directory ORDER BY seq')).rows.map((r) =>
      statementBody(r.text),
    );
    const policy = entries.find((e) => e.entry === 'policy')?.policy as
      { service: string; version: number; defaultApprovals: number; rules: unknown[] } | undefined;
    expect(policy).toEqual({
      service: SERVICE,
      version: 1,
      defaultApprovals: 1,
      rules: [{ minCents: 1_000_000, approvals: 2 }],
    });

    // The approver's desktop reads it in words (no editor: only admins sign policies).
    const theirs = clerk.page.getByRole('region', { name: 'Approval policies' });
    await expect(theirs.getByText('Version 1 is in force.')).toBeVisible();
    await expect(theirs.getByText('$10,000.00 or more: 2 approvers')).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Sign and save the policy' })).toHaveCount(0);

    // The audit, checked on the admin's desktop and saved as CSV through main, one line per entry the database holds.
    const written = (await su.query<{ seq: number }>('SELECT seq FROM team.audit ORDER BY seq')).rows.map((r) =>
      Number(r.seq),
    );
    const audit = admin.getByRole('region', { name: 'Audit' });
    await audit.getByRole('button', { name: 'Check the audit' }).click();
    await expect(audit.getByRole('status')).toHaveText(
      `${written.length} entries, all signed by their writers and chained: none was changed, removed or inserted.`,
    );
    await audit.getByRole('button', { name: 'Export the audit as CSV…' }).click();
    await app.prompts.confirm(/^Save “team-audit-.+\.csv” in /);
    const saved = audit.getByText(/^Saved [\d,]+ audit entries to /);
    await expect(saved).toBeVisible();
    const path = /^Saved [\d,]+ audit entries to (.*)$/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
    const lines = parse(await readFile(path, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => Number(l['seq']))).toEqual(written);
    expect(lines.every((l) => l['check'] === 'ok')).toBe(true);
    expect(lines.find((l) => l['event'] === 'policy')?.['by']).toBe('Ada Admin');

    // The admin makes them a drafter: main's window asks, and their desktop hears of it.
    await members.getByLabel('Role of Clerk Clara').selectOption('drafter');
    await app.prompts.confirm('Make “Clerk Clara” a drafter (now approver)?');
    await expect(admin.getByText('Clerk Clara is now a drafter.')).toBeVisible();
    await expect(mine.getByText('Clerk Clara, drafter')).toBeVisible();

    // The clerk leaves on their desktop, after the app's own confirmation and main's, which says what becomes of the open rows: solo again.
    await mine.getByRole('button', { name: 'Leave this workspace…' }).click();
    const leave = clerk.page.getByRole('dialog', { name: 'Leave “Acme Treasury”?' });
    await leave.getByRole('button', { name: 'Leave', exact: true }).click();
    const asked = await clerk.prompts.next();
    expect(asked.message).toBe('Leave Acme Treasury on this desktop?');
    expect(asked.detail[0]).toBe(
      'It has no open rows now; rows added there later are for the team to approve and send.',
    );
    await asked.confirm();
    await expect(mine.getByText(/Working alone needs nothing here/)).toBeVisible();
  } finally {
    await su.end();
  }
});

test('a join declined in main’s window, or to a server that does not answer, says why in words and keeps what was typed', async ({
  app,
}) => {
  // A port the system had free a moment ago: nothing listens on it.
  const port = await freePort();
  await app.open();
  await startDemo(app.page);
  const panel = await settingsPanel(app.page);
  await panel.getByRole('button', { name: 'Join a workspace' }).click();
  const join = panel.getByRole('form', { name: 'Join a workspace' });
  await join.getByLabel('Database server').fill('127.0.0.1');
  await join.getByLabel('Port').fill(String(port));
  await join.getByLabel('Database', { exact: true }).fill('acme_ws');
  await join.getByLabel('Database login').fill('acme_ws_m_0123abcd');
  await join.getByLabel('Password', { exact: true }).fill('typed-password');
  await join.getByLabel('Your name').fill('Clerk Clara');

  await join.getByRole('button', { name: 'Join the workspace' }).click();
  await app.prompts.decline(
    `Send the password you typed for the database role “acme_ws_m_0123abcd” to 127.0.0.1:${port}/acme_ws?`,
  );
  await expect(join.getByRole('alert')).toContainText('Canceled in the app’s confirmation window: nothing was done.');

  await join.getByRole('button', { name: 'Join the workspace' }).click();
  await app.prompts.confirm(/database role “acme_ws_m_0123abcd”/);
  await expect(join.getByRole('alert')).toContainText('The database server did not answer.');
  for (const [label, value] of [
    ['Database server', '127.0.0.1'],
    ['Port', String(port)],
    ['Database login', 'acme_ws_m_0123abcd'],
    ['Your name', 'Clerk Clara'],
  ] as const) {
    await expect(join.getByLabel(label)).toHaveValue(value);
  }
  await expect(join.getByLabel('Password', { exact: true })).toHaveValue('typed-password');
  await expect(join.getByLabel('Database', { exact: true })).toHaveValue('acme_ws');
  // Still solo: nothing was kept.
  await expect(panel.getByText(/Working alone needs nothing here/)).toBeVisible();
});
