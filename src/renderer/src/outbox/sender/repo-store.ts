import type { OutboxRow } from '../../../../shared/outbox';
import * as repo from '../../repos/outbox-repo';
import { BatchWriter } from '../../util/batch-writer';
import type { SendOutcome } from './classify';
import type { SenderStore } from './sender';

/** The sender's store over the outbox repository; outcomes finishing together share one durable commit. */
export function repoSenderStore(profileId: string, onRecorded: (row: OutboxRow) => void = () => {}): SenderStore<OutboxRow> {
  const outcomes = new BatchWriter<{ rowId: string; outcome: SendOutcome<unknown>; now: number }, OutboxRow>((items) => repo.recordSends(profileId, items));
  return {
    recoverInterrupted: (now) => repo.recoverInterrupted(profileId, now),
    expireKeys: (now) => repo.expireKeys(profileId, now),
    claimDue: (now) => repo.claimDue(profileId, now),
    record: async (row, outcome, now) => onRecorded(await outcomes.append({ rowId: row.id, outcome, now })),
    nextDueAt: (now) => repo.nextDueAt(profileId, now),
  };
}
