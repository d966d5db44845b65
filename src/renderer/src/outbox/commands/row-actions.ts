import type { OutboxRow } from '../../../../shared/outbox';
import { senders } from './sending';
import { newKey, withAmount } from '../model/draft';
import * as t from '../model/transitions';
import * as repo from '../repo/outbox-repo';
import { currentApprover } from './approver';
import { requireProfileService } from './profile-service';

/** A person's command: resolves to an error message for them, or null. */
export async function attempt(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * What the queue's buttons do to a row of this desktop's own; each resolves to an error message
 * for the person, or null. Submit, and Cancel of a row waiting in a team workspace, depend on the
 * workspace, which the outbox never imports: team/commands/row-actions.ts adds them.
 */
export const outboxActions = {
  /** `shownHash`: the approval hash of what the review showed (payload and service), computed when it was drawn. */
  approve: (row: OutboxRow, shownHash: string) =>
    attempt(async () => {
      await repo.approveRow(
        row.profileId,
        row.id,
        await currentApprover(),
        shownHash,
        requireProfileService(row.profileId),
      );
      await senders.kick(row.profileId);
    }),
  /** Every row shown, with the hash each was shown with, in one commit; says which were not approved and why. */
  approveMany: (profileId: string, shown: repo.ApprovalRequest[]) =>
    attempt(async () => {
      const { approved, refused } = await repo.approveRows(
        profileId,
        shown,
        await currentApprover(),
        requireProfileService(profileId),
      );
      if (approved.length > 0) await senders.kick(profileId);
      if (refused.length > 0)
        throw new Error(`${approved.length} approved; ${refused.length} not: ${refused[0]?.error.message}`);
    }),
  reject: (row: OutboxRow, reason: string) =>
    attempt(async () => {
      const by = await currentApprover();
      await repo.changeRow(row.profileId, row.id, (r) => t.reject(r, by, reason, Date.now()));
    }),
  /** A row waiting in a team workspace is refused here (t.cancel): it is withdrawn in the workspace first. */
  cancel: (row: OutboxRow) => attempt(() => repo.changeRow(row.profileId, row.id, (r) => t.cancel(r, Date.now()))),
  sendNow: (row: OutboxRow) =>
    attempt(async () => {
      await repo.changeRow(row.profileId, row.id, (r) => t.sendNow(r, Date.now()));
      await senders.kick(row.profileId);
    }),
  /** A new amount makes it a new operation: new key, back through approval. */
  changeAmount: (row: OutboxRow, amountCents: number) =>
    attempt(async () => {
      const service = requireProfileService(row.profileId);
      await repo.editRow(row.profileId, row.id, withAmount(row, amountCents));
      await repo.submitRow(row.profileId, row.id, service);
    }),
  reopen: (row: OutboxRow) =>
    attempt(() => repo.changeRow(row.profileId, row.id, (r) => t.retryFailed(r, newKey(), Date.now()))),
  markSent: (row: OutboxRow) =>
    attempt(async () => {
      const by = await currentApprover();
      await repo.changeRow(row.profileId, row.id, (r) => t.resolveSent(r, Date.now(), { by }));
    }),
  sendAgain: (row: OutboxRow) =>
    attempt(async () => {
      const by = await currentApprover();
      const service = requireProfileService(row.profileId);
      await repo.changeRow(row.profileId, row.id, (r) => t.resendAnyway(r, by, newKey(), Date.now(), service));
      await senders.kick(row.profileId);
    }),
};
