import { describe, expect, it } from 'vitest';
import { SentFlows } from '../../src/renderer/src/outbox/sender/sent-flows';
import type { SentFlow } from '../../src/renderer/src/outbox/repo/outbox-repo';
import type { OutboxRow } from '../../src/shared/outbox';

// The balance check's memory of what the outbox sent: read from the rows once per account, then
// kept current by the outcomes the sender records, each send counted once.

const sent = (id: string, source: string, destination: string, amountCents: number, at: number) =>
  ({
    id,
    profileId: 'p1',
    kind: 'transfer',
    state: 'sent',
    sourceKey: `va:${source}`,
    fundsKey: `va:${destination}`,
    amountCents,
    attempts: [{ at, outcome: 'ok' }],
    updatedAt: at,
  }) as unknown as OutboxRow;

function loader(stored: Record<string, SentFlow[]>) {
  const reads: string[] = [];
  return {
    reads,
    load: async (profileId: string, accountKey: string) => {
      reads.push(`${profileId}|${accountKey}`);
      if (accountKey === 'va:broken' && reads.filter((r) => r.endsWith('broken')).length === 1)
        throw new Error('IndexedDB is closing');
      return stored[accountKey] ?? [];
    },
  };
}

describe('SentFlows', () => {
  it('reads an account once, then adds what is recorded; only sends after `since` count', async () => {
    const l = loader({
      'va:a': [
        { rowId: 'r1', at: 100, cents: -500 },
        { rowId: 'r2', at: 300, cents: 200 },
      ],
    });
    const flows = new SentFlows(l.load);
    expect(await flows.since('p1', 'va:a', 0)).toEqual({ outCents: 500, inCents: 200 });
    expect(await flows.since('p1', 'va:a', 100)).toEqual({ outCents: 0, inCents: 200 });
    flows.recorded(sent('r3', 'a', 'b', 70, 400));
    expect(await flows.since('p1', 'va:a', 100)).toEqual({ outCents: 70, inCents: 200 });
    expect(l.reads).toEqual(['p1|va:a']);
  });

  it('a send both read from the rows and recorded counts once; an account not read yet is read when asked', async () => {
    const l = loader({
      'va:a': [{ rowId: 'r1', at: 100, cents: -500 }],
      'va:b': [{ rowId: 'r1', at: 100, cents: 500 }],
    });
    const flows = new SentFlows(l.load);
    const pending = flows.since('p1', 'va:a', 0);
    flows.recorded(sent('r1', 'a', 'b', 500, 100));
    expect(await pending).toEqual({ outCents: 500, inCents: 0 });
    expect(await flows.since('p1', 'va:a', 0)).toEqual({ outCents: 500, inCents: 0 });
    expect(await flows.since('p1', 'va:b', 0)).toEqual({ outCents: 0, inCents: 500 });
  });

  it('rows that are not sent transfers change nothing; forget reads again; a failed read is retried', async () => {
    const l = loader({});
    const flows = new SentFlows(l.load);
    await flows.since('p1', 'va:a', 0);
    flows.recorded({ ...sent('r1', 'a', 'b', 5, 10), state: 'failed' } as OutboxRow);
    flows.recorded({ ...sent('r2', 'a', 'b', 5, 10), kind: 'payment' } as OutboxRow);
    expect(await flows.since('p1', 'va:a', 0)).toEqual({ outCents: 0, inCents: 0 });
    flows.forget('p1');
    await flows.since('p1', 'va:a', 0);
    expect(l.reads).toEqual(['p1|va:a', 'p1|va:a']);
    await expect(flows.since('p1', 'va:broken', 0)).rejects.toThrow(/closing/);
    expect(await flows.since('p1', 'va:broken', 0)).toEqual({ outCents: 0, inCents: 0 });
  });
});
