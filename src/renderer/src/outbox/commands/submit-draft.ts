import type { DraftInput, OutboxRow } from '../../../../shared/outbox';
import { senders } from './sending';
import { createDraft, submitRow } from '../repo/outbox-repo';
import { requireProfileService } from './profile-service';

/** A new row, written locally (online or not), then submitted: to approval, or straight to the sender when no approval is needed. */
export async function queueDraft(profileId: string, input: DraftInput): Promise<OutboxRow> {
  const service = requireProfileService(profileId);
  const draft = await createDraft(profileId, input);
  const row = await submitRow(profileId, draft.id, service);
  if (row.state === 'approved') void senders.kick(profileId);
  return row;
}
