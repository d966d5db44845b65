import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { MainCore } from '../../../src/main/core';
import { dispatch } from '../../../src/main/ipc/dispatch';
import type { ArgOf, ChannelName, ResultOf } from '../../../src/shared/ipc';
import type { MemberRole } from '../../../src/shared/team/model';
import type { PgCluster } from '../../support/pg-cluster';
import type { CoreHarness } from '../../support/core-helpers';
import { openSection, saveLiveProfile, startDemo } from './flows';
import type { Prompts } from './prompts';

/**
 * What the forgery e2e sets up through main's own channels rather than through Settings (which
 * team-workspace-settings.spec.ts proves): a workspace, its members and a policy, each call
 * answered in the desktop's own prompt window where main asks.
 */

/** One desktop's main, called as its renderer calls it (validated), failing the test on an error. */
export interface MainOf {
  /** `asks`: how many questions main shows on the way, each answered yes in order. */
  call<C extends ChannelName>(channel: C, arg: ArgOf<C>, asks?: number): Promise<ResultOf<C>>;
}

/** A desktop of the e2e (its prompts in a real window), or a headless one whose prompt says yes by itself. */
export function mainOf(desktop: { core: MainCore; prompts: Prompts } | CoreHarness): MainOf {
  const prompts = 'prompts' in desktop ? desktop.prompts : null;
  const call = async <C extends ChannelName>(channel: C, arg: ArgOf<C>, asks = 0): Promise<ResultOf<C>> => {
    const pending = dispatch(desktop.core.handlers, channel, arg);
    const answered = (async () => {
      for (let i = 0; i < asks; i++) await prompts?.confirm();
    })();
    const r = await pending;
    if (!r.ok) {
      // The call failed before main asked everything: its error is the one to read.
      answered.catch(() => undefined);
      throw new Error(`${channel} failed: ${r.error.code}: ${r.error.message}`);
    }
    await answered;
    return r.value as ResultOf<C>;
  };
  return { call };
}

export interface Member {
  main: MainOf;
  id: string;
  name: string;
}

/** The id of the profile called `name` on that desktop (drafts are signed for a profile: main takes its service from it). */
export async function profileIdOf(main: MainOf, name: string): Promise<string> {
  const { profiles } = await main.call('profiles:list', undefined);
  const found = profiles.find((p) => p.name === name);
  if (!found) throw new Error(`that desktop has no profile called ${name}`);
  return found.id;
}

/** Signs one transfer or payment draft for `profileId` on `who`'s desktop, confirming main's prompt (`asks` 1 in a window, 0 headless). */
export async function signOne(
  who: MainOf,
  profileId: string,
  kind: 'transfer' | 'payment',
  payload: unknown,
  asks: number,
  rowId: string = randomUUID(),
) {
  const r = await who.call(
    'workspace:signDrafts',
    { profileId, drafts: [{ rowId, kind, payload, idempotencyKey: randomUUID() }] },
    asks,
  );
  const [signed] = r.signed;
  if (!signed) throw new Error('nothing was signed');
  return signed;
}

export interface TeamOnDb {
  workspaceId: string;
  database: string;
  admin: Member;
  /** Registers another desktop: the admin's login, their join (the admin key's fingerprint compared), the admin's registration. */
  add(main: MainOf, name: string, role: MemberRole, joinAsks: number): Promise<Member>;
}

/** A new workspace on `pg`, made by `admin` (its first admin). */
export async function createTeam(pg: PgCluster, admin: MainOf, database: string): Promise<TeamOnDb> {
  const owner = await pg.createWorkspaceDatabase(database);
  const created = await admin.call(
    'workspace:create',
    {
      name: 'Acme Treasury',
      adminName: 'Ada Admin',
      host: pg.host,
      port: pg.port,
      database,
      ownerUser: owner.user,
      ownerPassword: owner.password,
    },
    1,
  );
  const workspaceId = created.id;
  const adminId = created.me.member?.id;
  if (!adminId) throw new Error('the workspace was made without its first admin');
  return {
    workspaceId,
    database,
    admin: { main: admin, id: adminId, name: 'Ada Admin' },
    async add(main, name, role, joinAsks) {
      const login = await admin.call('workspace:addLogin', { workspaceId }, 1);
      await main.call(
        'workspace:join',
        { host: pg.host, port: pg.port, database, user: login.dbRole, password: login.password, name },
        joinAsks,
      );
      const member = await admin.call('workspace:register', { workspaceId, dbRole: login.dbRole, role }, 1);
      return { main, id: member.id, name };
    },
  };
}

/** A live profile "Acme" on the sandbox, with its API key in the keychain, chosen as the profile in use. */
export async function holdTheKey(
  d: { page: Page; prompts: Prompts },
  sandbox: { apiUrl: string; vaultUrl: string; apiKey: string },
): Promise<void> {
  await openSection(d.page, 'Settings');
  await saveLiveProfile(d, {
    name: 'Acme',
    baseUrl: sandbox.apiUrl,
    vaultUrl: sandbox.vaultUrl,
    apiKey: sandbox.apiKey,
  });
  await expect(d.page.getByRole('row', { name: /^Acme/ })).toContainText('System keychain');
  const profile = d.page.getByRole('combobox', { name: 'Profile' });
  const acme = (await profile.locator('option', { hasText: 'Acme' }).getAttribute('value')) ?? 'missing';
  await profile.selectOption(acme);
  await expect(profile).toHaveValue(acme);
}

/** A service named as the workspace names it, worked out here: the address's origin and path, no trailing slash. */
export function serviceOfUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

/** Each desktop opened on the Demo, then holding the sandbox's key as the profile "Acme" in use. */
export async function keyHolders(
  desktops: readonly { open(): Promise<void>; page: Page; prompts: Prompts }[],
  sandbox: { apiUrl: string; vaultUrl: string; apiKey: string },
): Promise<void> {
  for (const d of desktops) {
    await d.open();
    await startDemo(d.page);
    await holdTheKey(d, sandbox);
  }
}

/** Waits until each member's profile "Acme" is bound to the workspace (what it drafts goes there); returns the profiles' ids. */
export async function boundToTeam(members: readonly { main: MainOf }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of members) {
    const profileId = await profileIdOf(m.main, 'Acme');
    await expect.poll(async () => (await m.main.call('workspace:binding', { profileId })).kind).toBe('team');
    ids.push(profileId);
  }
  return ids;
}
