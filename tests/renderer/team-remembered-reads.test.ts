import { describe, expect, it } from 'vitest';
import type { WorkspaceSummary } from '../../src/shared/ipc/workspace';
import { rememberedReads, type WorkspaceReads } from '../../src/renderer/src/team-queue/model/remembered-reads';

// The team binding's reads of main (the workspace list, each directory's policies) are kept
// between submits and sender runs, and asked again once main says something that may change
// them. Here main is scripted: what it answers now, and how many times it was asked.

const W1 = '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f01';
const W2 = '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f02';
const summary = (id: string) => ({ id, name: `Workspace ${id.slice(-1)}` }) as WorkspaceSummary;

function scriptedMain() {
  const now = { list: [summary(W1)], error: null as string | null, policies: new Map<string, ReadonlySet<string> | null>([[W1, new Set(['https://a.example'])]]) };
  const asked: string[] = [];
  const reads: WorkspaceReads = {
    list: async () => {
      asked.push('list');
      return { list: now.list, error: now.error };
    },
    policyServices: async (id) => {
      asked.push(`directory ${id}`);
      return now.policies.get(id) ?? null;
    },
  };
  return { now, asked, reads };
}

describe('the team binding’s remembered reads', () => {
  it('asks main once, then answers from what it kept until a directory change, a reconnection or a connectivity change of that workspace', async () => {
    const main = scriptedMain();
    const r = rememberedReads(main.reads);
    await r.list();
    await r.policyServices(W1);
    expect(await r.list()).toEqual({ list: [summary(W1)], error: null });
    expect([...((await r.policyServices(W1)) ?? [])]).toEqual(['https://a.example']);
    expect(main.asked).toEqual(['list', `directory ${W1}`]);

    // Rows and decisions change nothing the binding reads.
    r.heard({ event: 'changed', workspaceId: W1, table: 'queue_row' });
    r.heard({ event: 'changed', workspaceId: W1, table: 'decision' });
    await r.policyServices(W1);
    expect(main.asked).toHaveLength(2);

    // A new policy version: read again, and the new answer is the one kept.
    main.now.policies.set(W1, new Set(['https://a.example', 'https://b.example']));
    r.heard({ event: 'changed', workspaceId: W1, table: 'directory' });
    expect([...((await r.policyServices(W1)) ?? [])]).toEqual(['https://a.example', 'https://b.example']);
    await r.list();
    expect(main.asked.slice(2)).toEqual([`directory ${W1}`, 'list']);

    for (const e of [{ event: 'changed', workspaceId: W1, table: 'resync' }, { event: 'connectivity', workspaceId: W1 }] as const) {
      const before = main.asked.length;
      r.heard(e);
      await r.list();
      await r.policyServices(W1);
      expect(main.asked.slice(before)).toEqual(['list', `directory ${W1}`]);
    }
  });

  it('keeps no failure and no empty list: a workspace that cannot be read, or a join from solo, is seen at the next read', async () => {
    const main = scriptedMain();
    const r = rememberedReads(main.reads);
    main.now.policies.set(W1, null);
    expect(await r.policyServices(W1)).toBeNull();
    main.now.policies.set(W1, new Set(['https://a.example']));
    expect([...((await r.policyServices(W1)) ?? [])]).toEqual(['https://a.example']);

    main.now.list = [];
    expect((await r.list()).list).toEqual([]);
    main.now.list = [summary(W1)];
    expect((await r.list()).list).toEqual([summary(W1)]);
    main.now.error = 'The app could not complete this request.';
    r.forget();
    expect(await r.list()).toEqual({ list: [summary(W1)], error: 'The app could not complete this request.' });
    main.now.error = null;
    await r.list();
    expect(main.asked.filter((a) => a === 'list')).toHaveLength(4);
  });

  it('a join or leave forgets everything; a workspace no longer listed loses what was kept of it', async () => {
    const main = scriptedMain();
    const r = rememberedReads(main.reads);
    main.now.list = [summary(W1), summary(W2)];
    main.now.policies.set(W2, new Set(['https://b.example']));
    await r.list();
    await r.policyServices(W1);
    await r.policyServices(W2);

    // Left W2 (Settings forgets): the list is read again, and W2's kept policies go with it.
    main.now.list = [summary(W1)];
    r.forget();
    expect((await r.list()).list).toEqual([summary(W1)]);
    const before = main.asked.length;
    await r.policyServices(W1);
    await r.policyServices(W2);
    expect(main.asked.slice(before)).toEqual([`directory ${W1}`, `directory ${W2}`]);
  });

  it('an answer whose read began before a change was heard is used once, never kept', async () => {
    const main = scriptedMain();
    // The first read waits for `release`; later ones answer at once.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const slow: WorkspaceReads = {
      ...main.reads,
      policyServices: async (id) => {
        const wait = first ? held : Promise.resolve();
        first = false;
        const answer = await main.reads.policyServices(id);
        await wait;
        return answer;
      },
    };
    const r = rememberedReads(slow);
    const pending = r.policyServices(W1);
    // The read is under way when the directory changes.
    r.heard({ event: 'changed', workspaceId: W1, table: 'directory' });
    release();
    expect([...((await pending) ?? [])]).toEqual(['https://a.example']);
    main.now.policies.set(W1, new Set(['https://c.example']));
    const again = r.policyServices(W1);
    expect([...((await again) ?? [])]).toEqual(['https://c.example']);
  });
});
