import type { OutboxRow } from '../../../../shared/outbox';
import * as repo from '../repo/outbox-repo';
import { BatchWriter } from '../../util/batch-writer';
import type { SenderStore } from './sender';

/**
 * The sender's store over the outbox repository; outcomes finishing together share one durable
 * commit. `service` is the profile's service now (null when it has none): rows are claimed only
 * for it, and rows approved for another go back to a person.
 */
export function repoSenderStore(profileId: string, service: () => string | null, onRecorded: (row: OutboxRow) => void = () => {}, spans?: repo.RecordSpans): SenderStore<OutboxRow> {
  // With no service to bind to, nothing is claimed: outcomes are still recorded, nothing more goes.
  const outcomes = new BatchWriter<repo.SendRecord, repo.Recorded>((items) => {
    const to = service();
    return repo.recordSends(profileId, to === null ? items.map((i) => ({ ...i, claimNext: false })) : items, to ?? '', Math.random, spans);
  });
  return {
    recoverInterrupted: (now) => repo.recoverInterrupted(profileId, now),
    expireKeys: (now) => repo.expireKeys(profileId, now),
    claimDue: async (now) => {
      const to = service();
      return to === null ? [] : repo.claimDue(profileId, to, now);
    },
    record: async (row, outcome, now, claimNext) => {
      const { row: recorded, claimed } = await outcomes.append({ rowId: row.id, outcome, now, claimNext });
      onRecorded(recorded);
      return claimed;
    },
    nextDueAt: (now) => repo.nextDueAt(profileId, now),
  };
}
