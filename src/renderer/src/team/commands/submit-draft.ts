import type { DraftInput, OutboxRow } from '../../../../shared/outbox';
import { senders } from '../../outbox/commands/sending';
import { createDraft, createDrafts } from '../../outbox/repo/outbox-repo';
import { requireProfileService } from '../../outbox/commands/profile-service';
import { submitForApproval, submitManyForApproval } from './team-drafts';

/**
 * A new row, written locally (online or not), then submitted: to a team workspace's approvers
 * when one covers the profile's service, else to approval here, or straight to the sender when
 * no approval is needed. Here rather than in the outbox, which never imports the team domain:
 * the outbox writes the row and sends it, this decides where it is approved.
 */
export async function queueDraft(profileId: string, input: DraftInput): Promise<OutboxRow> {
  const service = requireProfileService(profileId);
  const draft = await createDraft(profileId, input);
  const row = await submitForApproval(draft, service);
  if (row.state === 'approved') void senders.kick(profileId);
  return row;
}

/**
 * Many new rows of one profile (a CSV import): written as drafts in one commit, then submitted
 * together (team-drafts' submitManyForApproval). `progress` hears how many are signed for a
 * workspace. Per-row writes made every live query re-read the whole queue per row: 1,000 rows
 * took minutes.
 */
export async function queueDrafts(
  profileId: string,
  inputs: readonly DraftInput[],
  progress?: (signed: number) => void,
): Promise<OutboxRow[]> {
  const service = requireProfileService(profileId);
  const drafts = await createDrafts(profileId, inputs);
  const rows = await submitManyForApproval(profileId, drafts, service, progress);
  if (rows.some((r) => r.state === 'approved')) void senders.kick(profileId);
  return rows;
}
