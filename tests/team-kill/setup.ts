import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgCluster } from '../support/pg-cluster';
import { SIGN_BATCH_MAX } from '../../src/shared/ipc/workspace';
import { addMember, signDrafts, signedOnly, startTeam, type Desktop, type Team } from '../support/team-members';
import { startCore } from '../support/core-helpers';
import type { DesktopDirs } from './desktop';
import { FileSecretStore } from './file-secrets';

/** What the service looks like to the desktops: the relay's address, the sandbox's key. */
export interface ServiceAccess {
  baseUrl: string;
  vaultUrl: string;
  apiKey: string;
  /** The service as rows name it (serviceOf of the profile). */
  service: string;
}

/** A sender's fixed folders and keychain file, under `root`. */
export function senderDirs(root: string, name: string, rendererDir: string, chromiumPath: string): DesktopDirs {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return {
    userDataDir: join(dir, 'user-data'),
    browserDataDir: join(dir, 'browser'),
    secretsFile: join(dir, 'keychain.json'),
    rendererDir,
    chromiumPath,
  };
}

/**
 * A team: the admin, a Clerk who drafts and a Controller who approves (each a main core in this
 * process, keys in memory), and the sending desktops: members who never draft or approve here,
 * each joined from main's core on its own fixed data folder and keychain file, with a live
 * profile holding the sandbox's API key. Their cores close again: the children open those
 * folders. Setup goes through main's handlers; sending is what the test is about.
 */
export async function setUpTeam(
  cluster: PgCluster,
  access: ServiceAccess,
  senders: Record<string, DesktopDirs>,
): Promise<{ team: Team; logins: Record<string, string> }> {
  // The Clerk and the Controller hold the service too (drafts are signed for a profile), their sending paused: they never send here.
  const service = { apiUrl: access.baseUrl, vaultUrl: access.vaultUrl, apiKey: access.apiKey };
  // One clock for the whole test: the sandbox and the sending desktops (child processes) run on the
  // real one, so the rows are drafted and approved on it too (a draft dated in the tests' pinned
  // past would be one the service forgot the key of, looked for before every first send).
  const team = await startTeam(cluster, { Clerk: 'drafter', Controller: 'approver' }, { service, now: Date.now });
  const logins: Record<string, string> = {};
  for (const [name, dirs] of Object.entries(senders)) {
    const core = await startCore({
      userDataDir: dirs.userDataDir,
      secrets: new FileSecretStore(dirs.secretsFile),
      now: Date.now,
    });
    try {
      // The pause is main's memory only: started again from these folders, the desktop sends.
      const member = await addMember(cluster, team.admin, name, 'drafter', team.database, { core, service });
      logins[name] = member.login?.dbRole ?? '';
      await core.ok('profiles:select', { id: member.profileId });
    } finally {
      await core.close();
    }
  }
  return { team, logins };
}

export interface Drafted {
  rowId: string;
  idempotencyKey: string;
  text: string;
  signature: string;
  payload: string;
}

/** Drafts on the Clerk's desktop (signed for its profile of the service), approved on the Controller's, in batches main's prompts list whole. */
export async function draftApproved(
  team: Team,
  items: { kind: 'transfer' | 'payment'; payload: Record<string, unknown> }[],
): Promise<Drafted[]> {
  const clerk = team.members['Clerk'] as Desktop;
  const controller = team.members['Controller'] as Desktop;
  const drafted: Drafted[] = [];
  for (let i = 0; i < items.length; i += SIGN_BATCH_MAX) {
    const batch = items.slice(i, i + SIGN_BATCH_MAX).map((item) => ({ ...item, idempotencyKey: randomUUID() }));
    const signed = await signDrafts(clerk, batch);
    drafted.push(
      ...signed.map((s, j) => ({ rowId: s.rowId, idempotencyKey: batch[j]?.idempotencyKey ?? '', ...signedOnly(s) })),
    );
  }
  for (let i = 0; i < drafted.length; i += SIGN_BATCH_MAX) {
    const batch = drafted.slice(i, i + SIGN_BATCH_MAX).map(signedOnly);
    await clerk.h.ok('workspace:push', { workspaceId: clerk.workspaceId, drafts: batch, decisions: [] });
    const decisions = await controller.h.ok('workspace:decide', {
      workspaceId: controller.workspaceId,
      drafts: batch,
      decision: 'approve',
    });
    await controller.h.ok('workspace:push', { workspaceId: controller.workspaceId, drafts: [], decisions });
  }
  return drafted;
}
