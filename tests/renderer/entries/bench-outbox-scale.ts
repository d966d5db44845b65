import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import { OutboxQueue } from '../../../src/renderer/src/parts/outbox/OutboxQueue';
import { approvalHash } from '../../../src/renderer/src/outbox/model/approval-binding';
import { draftRow } from '../../../src/renderer/src/outbox/model/draft';
import * as t from '../../../src/renderer/src/outbox/model/transitions';
import * as repo from '../../../src/renderer/src/outbox/repo/outbox-repo';
import type { OutboxRow } from '../../../src/shared/outbox';
import { expose } from './expose';

// What the outbox costs as it grows: finished rows pile up (a year of payroll), the queue stays
// small. The sender's pass and the queue screen must cost the same with 100 finished rows or
// 100,000, and approving a screenful at once must be one quick commit.

const BY = { user: 'bench', machine: 'bench' };
const SERVICE = 'demo';
const T0 = Date.UTC(2026, 0, 5, 9);

/** A transfer as the sender leaves it once sent. */
function sentRow(profileId: string, i: number): OutboxRow {
  const draft = draftRow(
    { kind: 'transfer', payload: { source: `va_${i % 5}`, destination: 'va_z', amountCents: 100 + (i % 997) } },
    profileId,
    `done-${i}`,
    `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    T0 + i,
  );
  const approved = t.approve(t.submit(draft, true, T0 + i, SERVICE), BY, 'h', 'h', T0 + i, SERVICE);
  return t.recordOutcome(
    t.claim(approved, T0 + i, SERVICE),
    { type: 'ok', value: { transferId: `tr-${i}` } },
    T0 + i + 1,
    () => 0.5,
  );
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
  },
  /** `finished` sent rows in the archive (as years of sending leave them) and `waiting` rows awaiting approval. */
  async fill(profileId: string, finished: number, waiting: number) {
    const db = outboxDb(profileId);
    for (let from = 0; from < finished; from += 10_000) {
      await db.archive.bulkPut(
        Array.from({ length: Math.min(10_000, finished - from) }, (_, k) => sentRow(profileId, from + k)),
      );
    }
    for (let i = 0; i < waiting; i++) {
      const row = await repo.createDraft(
        profileId,
        { kind: 'transfer', payload: { source: `va_${i % 5}`, destination: 'va_z', amountCents: 5_000 + i } },
        T0 + 10_000_000 + i,
      );
      await repo.submitRow(profileId, row.id, SERVICE, T0 + 10_000_000 + i);
    }
    return { archived: await db.archive.count(), queued: await db.rows.count() };
  },
  /** One pass of the sender with nothing due (what it does at every kick): recover, expire, claim, next due. */
  async senderPass(profileId: string, runs: number) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const now = T0 + 20_000_000;
      await repo.recoverInterrupted(profileId, now);
      await repo.expireKeys(profileId, now);
      await repo.claimDue(profileId, SERVICE, now);
      await repo.nextDueAt(profileId, now);
      times.push(performance.now() - start);
    }
    return times;
  },
  /** The queue screen: from mounting it to the frame after its rows (queue and newest finished) are on the page. */
  async renderQueue(profileId: string, runs: number) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      const start = performance.now();
      root.render(createElement(OutboxQueue, { profileId, emptyText: 'empty' }));
      for (;;) {
        const painted = await nextFrame();
        if (host.querySelector('[aria-label="Sent"] li') && host.querySelector('[aria-label="Awaiting approval"] li')) {
          times.push(painted - start);
          break;
        }
        if (painted - start > 60_000) throw new Error('the queue screen did not show its rows within a minute');
      }
      root.unmount();
      host.remove();
    }
    return times;
  },
  /** Approves every row awaiting approval, as "Approve all" does (hashes of what is shown, one commit). */
  async approveAll(profileId: string) {
    // From the click: hashing what is shown is part of what the person waits for.
    const start = performance.now();
    const shown = await repo.listRows(profileId);
    const requests = await Promise.all(
      shown
        .filter((r) => r.state === 'awaiting-approval')
        .map(async (r) => ({ rowId: r.id, shownHash: await approvalHash(r, SERVICE) })),
    );
    const { approved, refused } = await repo.approveRows(profileId, requests, BY, SERVICE);
    return { ms: performance.now() - start, approved: approved.length, refused: refused.length };
  },
});
