import type { DraftInput, OutboxRow } from '../../../../shared/outbox';
import { senders } from './sending';
import { createDraft } from '../repo/outbox-repo';
import { requireProfileService } from './profile-service';
import { submitForApproval } from '../../team-queue/commands/team-drafts';

/**
 * A new row, written locally (online or not), then submitted: to a team workspace's approvers
 * when one covers the profile's service, else to approval here, or straight to the sender when
 * no approval is needed.
 */
export async function queueDraft(profileId: string, input: DraftInput): Promise<OutboxRow> {
  const service = requireProfileService(profileId);
  const draft = await createDraft(profileId, input);
  const row = await submitForApproval(draft, service);
  if (row.state === 'approved') void senders.kick(profileId);
  return row;
}
