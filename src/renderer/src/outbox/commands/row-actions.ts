import type { OutboxRow } from '../../../../shared/outbox';
import { senders } from './sending';
import { newKey, withAmount } from '../model/draft';
import { payloadHash } from '../model/payload-hash';
import * as t from '../model/transitions';
import * as repo from '../repo/outbox-repo';
import { currentApprover } from './approver';

/** What the queue's buttons do; each resolves to an error message for the person, or null. */
async function attempt(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const outboxActions = {
  submit: (row: OutboxRow) => attempt(async () => {
    await repo.submitRow(row.profileId, row.id);
    await senders.kick(row.profileId);
  }),
  /** `shownHash`: the hash of the payload the review showed (computed when it was drawn). */
  approve: (row: OutboxRow, shownHash: string) => attempt(async () => {
    await repo.approveRow(row.profileId, row.id, await currentApprover(), shownHash);
    await senders.kick(row.profileId);
  }),
  approveMany: (rows: OutboxRow[]) => attempt(async () => {
    const by = await currentApprover();
    for (const row of rows) await repo.approveRow(row.profileId, row.id, by, await payloadHash(row.payload));
    if (rows[0]) await senders.kick(rows[0].profileId);
  }),
  reject: (row: OutboxRow, reason: string) => attempt(async () => {
    const by = await currentApprover();
    await repo.changeRow(row.profileId, row.id, (r) => t.reject(r, by, reason, Date.now()));
  }),
  cancel: (row: OutboxRow) => attempt(() => repo.changeRow(row.profileId, row.id, (r) => t.cancel(r, Date.now()))),
  sendNow: (row: OutboxRow) => attempt(async () => {
    await repo.changeRow(row.profileId, row.id, (r) => t.sendNow(r, Date.now()));
    await senders.kick(row.profileId);
  }),
  /** A new amount makes it a new operation: new key, back through approval. */
  changeAmount: (row: OutboxRow, amountCents: number) => attempt(async () => {
    await repo.editRow(row.profileId, row.id, withAmount(row, amountCents));
    await repo.submitRow(row.profileId, row.id);
  }),
  reopen: (row: OutboxRow) => attempt(() => repo.changeRow(row.profileId, row.id, (r) => t.retryFailed(r, newKey(), Date.now()))),
  markSent: (row: OutboxRow) => attempt(async () => {
    const by = await currentApprover();
    await repo.changeRow(row.profileId, row.id, (r) => t.resolveSent(r, Date.now(), { by }));
  }),
  sendAgain: (row: OutboxRow) => attempt(async () => {
    const by = await currentApprover();
    await repo.changeRow(row.profileId, row.id, (r) => t.resendAnyway(r, by, newKey(), Date.now()));
    await senders.kick(row.profileId);
  }),
};
