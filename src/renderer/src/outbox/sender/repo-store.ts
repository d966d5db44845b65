import type { OutboxRow } from '../../../../shared/outbox';
import * as repo from '../repo/outbox-repo';
import type { SendWindow } from '../model/queue-plan';
import { BatchWriter } from '../../util/batch-writer';
import type { SenderStore } from './sender';

export interface RepoStoreOptions {
  /** Each recorded row, before anything more is claimed (the balance the window reads counts it). */
  onRecorded?(row: OutboxRow): void;
  /**
   * How far each account may run ahead, for the sources named (null: all); read before each
   * claim. Without it, one row in flight per source.
   */
  window?(accountKeys: readonly string[] | null, now: number): Promise<SendWindow>;
  /** Where each record transaction's time went (the benchmark's breakdown). */
  spans?: repo.RecordSpans;
}

/**
 * The sender's store over the outbox repository; outcomes finishing together share one durable
 * commit. `service` is the profile's service now (null when it has none): rows are claimed only
 * for it, and rows approved for another go back to a person.
 */
export function repoSenderStore(
  profileId: string,
  service: () => string | null,
  options: RepoStoreOptions = {},
): SenderStore<OutboxRow> {
  const { onRecorded = () => {}, window, spans } = options;
  // With no service to bind to, nothing is claimed: outcomes are still recorded, nothing more goes.
  const outcomes = new BatchWriter<repo.SendRecord & { row: OutboxRow }, repo.Recorded>(async (items) => {
    const to = service();
    const going = to !== null && items.some((i) => i.claimNext);
    const keys = items.flatMap(({ row }) => [row.sourceKey, ...(row.fundsKey ? [row.fundsKey] : [])]);
    const sendWindow = going && window ? await window(keys, Math.max(...items.map((i) => i.now))) : undefined;
    const recorded = await repo.recordSends(
      profileId,
      to === null ? items.map((i) => ({ ...i, claimNext: false })) : items,
      to ?? '',
      { ...(sendWindow ? { window: sendWindow } : {}), ...(spans ? { spans } : {}) },
    );
    // Told here, before the writer's next batch reads the window: a row sent is then counted
    // either as in flight (in its transaction) or as sent (by onRecorded), never as neither.
    for (const r of recorded) onRecorded(r.row);
    return recorded;
  });
  return {
    recoverInterrupted: (now) => repo.recoverInterrupted(profileId, now),
    expireKeys: (now) => repo.expireKeys(profileId, now),
    claimDue: async (now) => {
      const to = service();
      return to === null ? [] : repo.claimDue(profileId, to, now, window ? await window(null, now) : undefined);
    },
    record: async (row, outcome, now, claimNext) =>
      (await outcomes.append({ rowId: row.id, row, outcome, now, claimNext })).claimed,
    nextDueAt: (now) => repo.nextDueAt(profileId, now),
  };
}
