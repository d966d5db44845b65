import type { OutboxRow } from '../../../../shared/outbox';
import { discardQueued } from '../repo/outbox-repo';
import { currentApprover } from './approver';

/**
 * Settings → "Discard": the person's deliberate decision that the profile's unsent rows will
 * never be sent. Every row but those being sent is canceled in one commit, with who did it in
 * its history and the audit log, so the decision stays on record.
 */
export async function discardUnsent(profileId: string): Promise<OutboxRow[]> {
  const by = await currentApprover();
  return discardQueued(profileId, `discarded in Settings by ${by.user} on ${by.machine}`);
}
