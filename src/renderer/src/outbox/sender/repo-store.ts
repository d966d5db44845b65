import type { OutboxRow } from '../../../../shared/outbox';
import * as repo from '../repo/outbox-repo';
import { BatchWriter } from '../../util/batch-writer';
import type { SenderStore } from './sender';

/** The sender's store over the outbox repository; outcomes finishing together share one durable commit. */
export function repoSenderStore(profileId: string, onRecorded: (row: OutboxRow) => void = () => {}): SenderStore<OutboxRow> {
  const outcomes = new BatchWriter<repo.SendRecord, repo.Recorded>((items) => repo.recordSends(profileId, items));
  return {
    recoverInterrupted: (now) => repo.recoverInterrupted(profileId, now),
    expireKeys: (now) => repo.expireKeys(profileId, now),
    claimDue: (now) => repo.claimDue(profileId, now),
    record: async (row, outcome, now, claimNext) => {
      const { row: recorded, claimed } = await outcomes.append({ rowId: row.id, outcome, now, claimNext });
      onRecorded(recorded);
      return claimed;
    },
    nextDueAt: (now) => repo.nextDueAt(profileId, now),
  };
}
