import { arch, release, type as osType } from 'node:os';
import type { OutboxCensus } from '../../shared/ipc';
import type { SyncCall, SyncFigures } from '../logs/sync-figures';
import type { ProfileServices } from '../profiles/profile-services';
import type { ProfileStore } from '../profiles/profile-store';
import type { Workspaces } from '../workspace/workspaces';

/** Where the facts come from: main's context has all of it (a narrower type, so this folder needs nothing of ipc). */
export interface FactSources {
  version: string;
  platform: string;
  now: () => number;
  chromiumVersion?: string;
  store: Pick<ProfileStore, 'list' | 'activeProfileId'>;
  services: Pick<ProfileServices, 'existingMonitor'>;
  workspaces: Pick<Workspaces, 'list'>;
  syncFigures: Pick<SyncFigures, 'snapshot'>;
}

/** What support needs to know about this installation, gathered from main's parts: no key, no payload. */
export interface SupportFacts {
  about: {
    app: string;
    version: string;
    platform: string;
    arch: string;
    os: string;
    electron: string | null;
    chromium: string | null;
    node: string;
    /** 'electron', or 'chromium' where the app runs in Debian's Chromium without Electron. */
    host: 'electron' | 'chromium';
    madeAt: string;
  };
  profiles: { id: string; name: string; kind: string; apiAddress?: string; vaultAddress?: string; active: boolean }[];
  connectivity: { profileId: string; state: string; since?: string; reason?: string }[];
  workspaces:
    | {
        id: string;
        name: string;
        address: string;
        state: string;
        since: string;
        reason?: string;
        role: string | null;
      }[]
    | { unread: string };
  sync: Record<string, { last: SyncCall; lastFailed?: SyncCall }>;
  outbox: OutboxCensus;
}

const WORKSPACE_READ_MS = 3_000;

async function workspacesOf(ctx: FactSources): Promise<SupportFacts['workspaces']> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKSPACE_READ_MS).unref());
  try {
    const list = await Promise.race([ctx.workspaces.list(), timeout]);
    if (list === null) return { unread: `the workspaces did not answer within ${WORKSPACE_READ_MS / 1000} s` };
    return list.map((w) => ({
      id: w.id,
      name: w.name,
      address: w.address,
      state: w.connectivity.state,
      since: w.connectivity.since,
      ...(w.connectivity.reason ? { reason: w.connectivity.reason } : {}),
      role: w.me.member?.role ?? null,
    }));
  } catch (error) {
    return { unread: error instanceof Error ? error.message : String(error) };
  }
}

export async function gatherFacts(ctx: FactSources, outbox: OutboxCensus): Promise<SupportFacts> {
  const active = ctx.store.activeProfileId();
  const profiles = ctx.store.list().map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    ...(p.kind === 'live' ? { apiAddress: p.baseUrl, vaultAddress: p.vaultUrl } : {}),
    active: p.id === active,
  }));
  const connectivity: SupportFacts['connectivity'] = [];
  for (const p of profiles) {
    const status = (await ctx.services.existingMonitor(p.id))?.status();
    connectivity.push(
      status
        ? {
            profileId: p.id,
            state: status.state,
            since: status.since,
            ...(status.reason ? { reason: status.reason } : {}),
          }
        : { profileId: p.id, state: 'not used since the app started' },
    );
  }
  return {
    about: {
      app: 'Treasury Desktop',
      version: ctx.version,
      platform: ctx.platform,
      arch: arch(),
      os: `${osType()} ${release()}`,
      electron: process.versions['electron'] ?? null,
      chromium: process.versions['chrome'] ?? ctx.chromiumVersion ?? null,
      node: process.versions.node,
      host: process.versions['electron'] ? 'electron' : 'chromium',
      madeAt: new Date(ctx.now()).toISOString(),
    },
    profiles,
    connectivity,
    workspaces: await workspacesOf(ctx),
    sync: ctx.syncFigures.snapshot(),
    outbox,
  };
}

/** The facts as text a person pastes into a message ("Copy diagnostics"). */
export function diagnosticsText(facts: SupportFacts, logDir: string): string {
  const a = facts.about;
  const lines = [
    `${a.app} ${a.version} (${a.host})`,
    `OS: ${a.os} (${a.platform} ${a.arch})`,
    `Electron: ${a.electron ?? 'none'}; Chromium: ${a.chromium ?? 'unknown'}; Node: ${a.node}`,
    `Time: ${a.madeAt}`,
    '',
    `Profiles (${facts.profiles.length}):`,
  ];
  for (const p of facts.profiles) {
    const c = facts.connectivity.find((x) => x.profileId === p.id);
    const sync = facts.sync[p.id];
    const syncText = sync
      ? `last sync ${sync.last.at}: ${sync.last.pages} pages, ${sync.last.rows} rows in ${sync.last.ms} ms${sync.last.error ? `, failed (${sync.last.error})` : ''}`
      : 'no sync since the app started';
    lines.push(`- ${p.name}${p.active ? ' (on screen)' : ''}: ${c?.state ?? 'unknown'}; ${syncText}`);
  }
  lines.push('');
  if ('unread' in facts.workspaces) lines.push(`Team workspaces: could not be read (${facts.workspaces.unread})`);
  else if (facts.workspaces.length === 0) lines.push('Team workspaces: none');
  else {
    lines.push(`Team workspaces (${facts.workspaces.length}):`);
    for (const w of facts.workspaces)
      lines.push(`- ${w.name} (${w.address}): ${w.state} since ${w.since}${w.role ? `, you are ${w.role}` : ''}`);
  }
  lines.push('', `Log folder: ${logDir}`);
  return lines.join('\n');
}
