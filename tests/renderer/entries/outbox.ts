import { liveQuery } from 'dexie';
import { outboxDb } from '../../../src/renderer/src/db/outbox-db';
import { approvalHash } from '../../../src/renderer/src/outbox/model/approval-binding';
import { planQueue } from '../../../src/renderer/src/outbox/model/queue-plan';
import { SentFlows } from '../../../src/renderer/src/outbox/sender/sent-flows';
import * as repo from '../../../src/renderer/src/outbox/repo/outbox-repo';
import type { DraftInput } from '../../../src/shared/outbox';
import { expose } from './expose';

const ADA = { user: 'ada', machine: 'ledger-1' };
/** The service these rows are approved for and sent to. */
const SVC = 'https://svc.example';

/** The queue and the archive: every row the outbox has, oldest first (as the queue's index orders them: by time, then id). */
const everything = async (profileId: string) =>
  [...(await repo.listRows(profileId)), ...(await outboxDb(profileId).archive.toArray())].sort(
    (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

expose({
  async reset(profileId: string) {
    await outboxDb(profileId).delete();
  },
  /** Drafts, submits and approves (as a person would), returning the row ids in order. */
  async queue(profileId: string, inputs: DraftInput[], t0: number) {
    const ids: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const row = await repo.createDraft(profileId, input, t0 + i);
      await repo.submitRow(profileId, row.id, SVC, t0 + i);
      await repo.approveRow(profileId, row.id, ADA, await approvalHash(row, SVC), SVC, t0 + i);
      ids.push(row.id);
    }
    return ids;
  },
  async draft(profileId: string, input: DraftInput, now: number) {
    return repo.createDraft(profileId, input, now);
  },
  async claim(profileId: string, now: number) {
    return (await repo.claimDue(profileId, SVC, now)).map((r) => r.id);
  },
  /** Records an outcome the way the sender does when it goes on, returning what it claimed. */
  async recordAndClaim(profileId: string, rowId: string, type: 'ok' | 'rejected' | 'retryable', now: number) {
    const outcome = type === 'ok' ? { type, value: { transferId: `tr-${rowId}` } } : { type, message: 'refused' };
    const [rec] = await repo.recordSends(profileId, [{ rowId, outcome, now, claimNext: true }], SVC);
    return rec?.claimed.map((r) => r.id) ?? [];
  },
  /**
   * Drives a queue to its end the sender's way (each outcome claims what it freed) and checks
   * every step against planQueue over the whole queue: what was claimed is exactly what the
   * whole plan makes due. Returns the steps that disagreed (none expected).
   */
  async incrementalAgainstFullPlan(
    profileId: string,
    ids: string[],
    now: number,
    seed: number,
    windowSpec?: { max: number; cents: Record<string, number> },
  ) {
    const window = windowSpec
      ? { max: windowSpec.max, availableCents: new Map(Object.entries(windowSpec.cents)) }
      : undefined;
    let x = seed >>> 0;
    const random = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const sorted = (a: string[]) => [...a].sort().join(',');
    const inFlight = (await repo.claimDue(profileId, SVC, now, window)).map((r) => r.id);
    const disagreements: string[] = [];
    let steps = 0;
    let mostInFlight = inFlight.length;
    while (inFlight.length > 0) {
      const [rowId] = inFlight.splice(Math.floor(random() * inFlight.length), 1);
      const before = new Map((await everything(profileId)).map((r) => [r.id, r]));
      const outcome =
        random() < 0.75 ? { type: 'ok' as const, value: {} } : { type: 'rejected' as const, message: 'refused' };
      const [rec] = await repo.recordSends(
        profileId,
        [{ rowId: rowId as string, outcome, now, claimNext: true }],
        SVC,
        window ? { window } : {},
      );
      const claimed = rec?.claimed.map((r) => r.id) ?? [];
      const after = await everything(profileId);
      const expected = planQueue(
        after.map((r) => (claimed.includes(r.id) ? (before.get(r.id) ?? r) : r)),
        now,
        window,
      ).due;
      if (sorted(expected) !== sorted(claimed)) {
        const plan = planQueue(
          after.map((r) => (claimed.includes(r.id) ? (before.get(r.id) ?? r) : r)),
          now,
          window,
        );
        const show = (id: string) => {
          const r = before.get(id);
          return r
            ? `${id.slice(0, 4)} ${r.sourceKey}->${r.fundsKey ?? ''} @${r.createdAt - now} ${r.state}${r.notBefore ? ` nb${r.notBefore - now}` : ''} ${plan.waiting.get(id) ?? ''}`
            : id;
        };
        disagreements.push(
          `after ${show(rowId as string)}: claimed [${claimed.map(show).join('; ')}], whole plan [${expected.map(show).join('; ')}]`,
        );
      }
      inFlight.push(...claimed);
      mostInFlight = Math.max(mostInFlight, inFlight.length);
      steps++;
    }
    const rows = (await everything(profileId)).filter((r) => ids.includes(r.id));
    const left = rows.filter((r) => r.state === 'approved' || r.state === 'sending');
    return {
      disagreements,
      steps,
      finished: rows.filter((r) => r.state === 'sent' || r.state === 'failed').length,
      leftDue: planQueue(left, now, window).due.length,
      leftScheduled: left.filter((r) => (r.notBefore ?? 0) > now).length,
      mostInFlight,
    };
  },
  async record(profileId: string, rowId: string, type: 'ok' | 'rejected', now: number) {
    await repo.recordSend(
      profileId,
      rowId,
      type === 'ok' ? { type, value: { transferId: `tr-${rowId}` } } : { type, message: 'refused' },
      now,
    );
  },
  async movedSince(profileId: string, accountKey: string, since: number) {
    return new SentFlows(repo.sentFlows).since(profileId, accountKey, since);
  },
  async recover(profileId: string, now: number) {
    return repo.recoverInterrupted(profileId, now);
  },
  async expire(profileId: string, now: number) {
    return repo.expireKeys(profileId, now);
  },
  async rows(profileId: string) {
    return everything(profileId);
  },
  async audit(profileId: string) {
    return (await repo.listAudit(profileId)).map((a) => `${a.action}:${a.rowId}`);
  },
  async tryApproveWithWrongHash(profileId: string, rowId: string) {
    try {
      await repo.approveRow(profileId, rowId, ADA, 'not-the-hash', SVC);
      return 'approved';
    } catch (error) {
      return error instanceof Error ? error.name : 'unknown';
    }
  },
  /**
   * Drafts and submits `n` transfers (awaiting approval), takes the hashes a person is shown,
   * edits one of them after it was shown, then approves all shown at once; counts how often a
   * live query over the queue re-ran during the approval (one commit: once).
   */
  async importBatch(profileId: string, n: number, t0: number) {
    const inputs = Array.from({ length: n }, (_, i) => ({
      kind: 'transfer' as const,
      payload: { source: `va_${i % 5}`, destination: 'va_z', amountCents: 100 + i },
    }));
    // One bad payload among them: nothing at all is written.
    const bad = [
      ...inputs.slice(0, 3),
      { kind: 'transfer' as const, payload: { source: 'va_1', destination: 'va_1', amountCents: 100 } },
    ];
    const refused = await repo.createDrafts(profileId, bad, t0).then(
      () => 'written',
      (e: unknown) => (e instanceof repo.InvalidPayload ? 'InvalidPayload' : String(e)),
    );
    const afterRefusal = (await repo.listRows(profileId)).length;
    // Every commit a live query over the queue hears, from its first answer on.
    const heard: number[] = [];
    let onHeard = () => {};
    const hears = (pred: (last: number | undefined) => boolean) =>
      new Promise<void>((resolve) => {
        onHeard = () => pred(heard.at(-1)) && resolve();
        onHeard();
      });
    const count = () => outboxDb(profileId).rows.count();
    const submitted = () => outboxDb(profileId).rows.where('state').anyOf('awaiting-approval', 'approved').count();
    const sub = liveQuery(async () => (await count()) * 1_000_000 + (await submitted())).subscribe({
      next: (v) => {
        heard.push(v);
        onHeard();
      },
    });
    await hears((last) => last === 0);
    const drafts = await repo.createDrafts(profileId, inputs, t0 + 1);
    await repo.submitRows(
      profileId,
      drafts.map((r) => r.id),
      SVC,
      t0 + 2,
    );
    await hears((last) => last === n * 1_000_000 + n);
    sub.unsubscribe();
    const rows = await repo.listRows(profileId);
    return {
      refused,
      afterRefusal,
      rows: rows.length,
      keys: new Set(rows.map((r) => r.idempotencyKey)).size,
      states: rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.state]: (acc[r.state] ?? 0) + 1 }), {}),
      audit: (await repo.listAudit(profileId)).length,
      reruns: heard.length - 1,
    };
  },
  async approveShownBatch(profileId: string, n: number, t0: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const row = await repo.createDraft(
        profileId,
        { kind: 'transfer', payload: { source: `va_${i % 5}`, destination: 'va_z', amountCents: 100 + i } },
        t0 + i,
      );
      await repo.submitRow(profileId, row.id, SVC, t0 + i);
      ids.push(row.id);
    }
    const shown = await Promise.all(
      (await repo.listRows(profileId)).map(async (r) => ({ rowId: r.id, shownHash: await approvalHash(r, SVC) })),
    );
    const edited = ids[7] as string;
    await repo.editRow(
      profileId,
      edited,
      { kind: 'transfer', payload: { source: 'va_2', destination: 'va_z', amountCents: 999_99 } },
      t0 + n,
    );
    // What a live query over the queue hears: its first answer, then one per re-run.
    const heard: number[] = [];
    let onHeard = () => {};
    const hears = (count: number) =>
      new Promise<void>((resolve) => {
        onHeard = () => heard.includes(count) && resolve();
        onHeard();
      });
    const approvedNow = () => outboxDb(profileId).rows.where('state').equals('approved').count();
    const sub = liveQuery(approvedNow).subscribe({
      next: (count) => {
        heard.push(count);
        onHeard();
      },
    });
    await hears(await approvedNow());
    const auditBefore = (await repo.listAudit(profileId)).length;
    const { approved, refused } = await repo.approveRows(profileId, shown, ADA, SVC, t0 + n + 1);
    // Counted once it has heard the end state: every commit the approval made came before it.
    await hears(await approvedNow());
    sub.unsubscribe();
    const reruns = heard.length - 1;
    const rows = await repo.listRows(profileId);
    return {
      approved: approved.length,
      refused: refused.map((r) => ({
        rowId: r.rowId === edited ? 'the edited row' : r.rowId,
        message: r.error.message,
      })),
      states: rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.state]: (acc[r.state] ?? 0) + 1 }), {}),
      boundTo: [...new Set(rows.filter((r) => r.state === 'approved').map((r) => r.approvedFor))],
      auditAdded: (await repo.listAudit(profileId)).length - auditBefore,
      reruns,
    };
  },
  /** The profile now sends to `service`: what the eager sweep and the sender's claim each do with rows approved for another. */
  async addressChanged(profileId: string, service: string, now: number) {
    const claimed = (await repo.claimDue(profileId, service, now)).map((r) => r.id);
    const rows = await repo.listRows(profileId);
    return { claimed, states: rows.map((r) => r.state), reasons: [...new Set(rows.map((r) => r.lastError))] };
  },
  async sweepApprovals(profileId: string, service: string, now: number) {
    return repo.approvalsElsewhere(profileId, service, now);
  },
  /** Where a finished row lives: the queue's reads never see it, the archive keeps it. */
  async whereFinished(profileId: string) {
    return {
      queue: (await repo.listRows(profileId)).map((r) => r.state),
      archive: (await repo.finishedRows(profileId, 1_000)).map((r) => r.state),
    };
  },
  async clearFinished(profileId: string) {
    return repo.clearFinished(profileId);
  },
  /** The durability IndexedDB reports on a write transaction of the outbox database. */
  async durability(profileId: string) {
    const db = outboxDb(profileId);
    return db.transaction(
      'rw',
      db.settings,
      (tx) => (tx as unknown as { idbtrans: IDBTransaction }).idbtrans.durability,
    );
  },
});
