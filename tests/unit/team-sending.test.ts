import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileServices } from '../../src/main/profiles/profile-services';
import type { MoneyGate } from '../../src/main/money/money-gate';
import type { Payers } from '../../src/main/money/payers';
import type { Profile } from '../../src/main/profiles/profile';
import type { ProfileStore } from '../../src/main/profiles/profile-store';
import type { SessionAwareSecrets } from '../../src/main/secrets/secret-vault';
import type { KeyHolds } from '../../src/main/service/key-holds';
import { TeamSending } from '../../src/main/workspace/sending/team-sending';
import { WorkspaceError } from '../../src/main/workspace/workspace-error';
import type { Workspaces } from '../../src/main/workspace/workspaces';
import type { TeamSendingStatus } from '../../src/shared/ipc';
import type { TeamBinding } from '../../src/shared/ipc/workspace';
import { WS } from '../support/team-fixtures';

// main's team sender as main's core starts it, with what it asks of the rest of main faked: which
// profiles it looks at, when, and what it tells the page. Nothing here reaches a workspace's
// database (a run that does is proved in tests/unit/team-sender-pg.test.ts); team-run.test.ts
// proves what a run decides.

const created = '2026-11-01T10:00:00.000Z';
const live = (id: string, baseUrl: string): Profile => ({
  id,
  name: id,
  kind: 'live',
  baseUrl,
  vaultUrl: 'https://vault.example.test',
  createdAt: created,
});
const TEAM = live('p-team', 'https://api.team.example');
const SOLO = live('p-solo', 'https://api.solo.example');
const NO_KEY = live('p-nokey', 'https://api.team.example');

interface Fakes {
  /** The service's connectivity as the profile's monitor says it. */
  service: 'online' | 'offline';
  /** What reading the workspace's directory does (a run starts with it). */
  refresh: () => Promise<never>;
}

function sender(f: Fakes) {
  const statuses: TeamSendingStatus[] = [];
  const asked: string[] = [];
  const sends = vi.fn();
  const coverage = async (service: string): Promise<TeamBinding> =>
    service === 'https://api.team.example'
      ? { kind: 'team', workspaceId: WS, name: 'Acme Treasury' }
      : { kind: 'solo' };
  // Each fake has only what TeamSending calls; the casts say they stand for main's own objects.
  const workspaces = {
    coverage,
    refresh: async (id: string) => {
      asked.push(`refresh ${id}`);
      return f.refresh();
    },
  } as unknown as Workspaces;
  const store = {
    list: () => [TEAM, SOLO, NO_KEY, { id: 'demo', name: 'Demo', kind: 'demo' }],
    get: (id: string) => [TEAM, SOLO, NO_KEY].find((p) => p.id === id),
  } as unknown as ProfileStore;
  const secrets = {
    hasKey: async (id: string) => ({ hasKey: id !== NO_KEY.id, storage: id === NO_KEY.id ? 'none' : 'keychain' }),
  } as unknown as SessionAwareSecrets;
  const services = {
    existingMonitor: async () => ({ status: () => ({ state: f.service }) }),
  } as unknown as ProfileServices;
  const money = { send: sends } as unknown as MoneyGate;
  const holds = { remainingMs: () => 0 } as unknown as KeyHolds;
  const payers = { of: async () => null } as unknown as Payers;
  const sending = new TeamSending({
    workspaces,
    store,
    secrets,
    services,
    money,
    payers,
    holds,
    emit: (event, payload) => {
      if (event === 'outbox:team-sending') statuses.push(payload as TeamSendingStatus);
    },
    now: () => Date.parse('2026-11-01T12:00:00.000Z'),
    // Never within a test: what is seen comes from the start, not from the next look.
    lookAgainMs: 3_600_000,
  });
  return { sending, statuses, asked, sends };
}

const said = (statuses: readonly TeamSendingStatus[]) =>
  statuses.map((s) => `${s.profileId} ${s.workspaceName}: ${s.state}${s.message ? ` (${s.message})` : ''}`);
const never = () => Promise.reject(new Error('not reached'));

describe('main’s team sender', () => {
  let running: TeamSending | undefined;
  afterEach(async () => {
    await running?.dispose();
    running = undefined;
  });

  it('looks at once when it starts, only for a live profile with a key whose service a team workspace covers', async () => {
    const s = sender({ service: 'offline', refresh: never });
    running = s.sending;
    s.sending.start();
    await vi.waitFor(() => expect(s.statuses).toHaveLength(1));
    expect(said(s.statuses)).toEqual([
      'p-team Acme Treasury: offline (The service does not answer: team rows wait until it does.)',
    ]);
    expect(s.sending.statuses().map((x) => x.profileId)).toEqual(['p-team']);
    expect(s.asked).toEqual([]);
    expect(s.sends).not.toHaveBeenCalled();
  });

  it('a paused profile is not sent for: it says so, and a change in the workspace does not start a run', async () => {
    const s = sender({ service: 'online', refresh: never });
    running = s.sending;
    s.sending.pause(TEAM.id, true);
    s.sending.start();
    await vi.waitFor(() => expect(s.statuses).toHaveLength(1));
    s.sending.heard('workspace:changed', {
      workspaceId: WS,
      table: 'queue_row',
      keys: ['11111111-1111-4111-8111-000000000001'],
    });
    await vi.waitFor(() => expect(s.statuses).toHaveLength(2));
    expect(said(s.statuses)).toEqual(['p-team Acme Treasury: paused', 'p-team Acme Treasury: paused']);
    expect(s.asked).toEqual([]);
  });

  it('a workspace that cannot be reached stops the run, and the page is told why rather than left on “sending”', async () => {
    const s = sender({
      service: 'online',
      refresh: () =>
        Promise.reject(new WorkspaceError('unreachable', 'Acme Treasury does not answer (connection refused).')),
    });
    running = s.sending;
    s.sending.start();
    await vi.waitFor(() => expect(s.sending.statuses()[0]?.state).toBe('stopped'));
    expect(said(s.statuses)).toEqual([
      'p-team Acme Treasury: sending',
      'p-team Acme Treasury: stopped (Acme Treasury does not answer (connection refused).)',
    ]);
    expect(s.asked).toEqual([`refresh ${WS}`]);
    expect(s.sends).not.toHaveBeenCalled();
  });
});
