import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView, TreasuryApi } from '../../src/shared/ipc';
// The page's window.treasury declaration: team-sending.ts reaches main through it.
import type {} from '../../src/renderer/src/env';

// When team sending starts, the page has not heard its profiles from main yet. A profile whose
// key this desktop holds must look for ready rows as soon as it arrives, not at the next look
// 30 s later: a desktop started again after a crash sat idle that long (the kill test saw it).

const live: ProfileView = { id: 'p-live', name: 'Acme', kind: 'live', baseUrl: 'https://api.example.test', vaultUrl: 'https://vault.example.test', hasKey: true, keyStorage: 'keychain' };

/** main as far as team sending asks it: the joined workspaces (none), and events nobody sends here. */
function fakeMain() {
  const asked: string[] = [];
  const api = {
    on: () => () => undefined,
    workspace: {
      list: async () => {
        asked.push('workspace:list');
        return { ok: true, value: [] };
      },
    },
  };
  return { api: api as unknown as TreasuryApi, asked };
}

describe('team sending at start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('looks for ready rows once the profiles with a key arrive from main, not only at the next look', async () => {
    const main = fakeMain();
    vi.stubGlobal('window', { treasury: main.api });
    const { useProfiles } = await import('../../src/renderer/src/stores/profiles');
    const { startTeamSending } = await import('../../src/renderer/src/team-queue/commands/team-sending');
    const stop = startTeamSending();
    try {
      expect(main.asked).toEqual([]);
      useProfiles.getState().apply({ profiles: [live], activeProfileId: live.id });
      await vi.waitFor(() => expect(main.asked).toContain('workspace:list'), { timeout: 5_000 });
    } finally {
      stop();
    }
  });
});
