import type { OutboxRow } from '../../../../shared/outbox';
import type { VirtualAccountView } from '../../../../shared/service';
import { queueDraft } from '../../team/commands/submit-draft';

/**
 * A transfer draft of the whole balance of `from` into `to`, through the outbox (approval, one
 * idempotency key, sent once): what to do with the money before closing an account.
 */
export function queueMoveBalance(
  profileId: string,
  from: VirtualAccountView,
  to: VirtualAccountView,
): Promise<OutboxRow> {
  return queueDraft(profileId, {
    kind: 'transfer',
    payload: {
      source: from.virtualAccount.id,
      destination: to.virtualAccount.id,
      amountCents: from.balance.amountCents,
      memo: `Balance of ${from.virtualAccount.name} before closing it`,
    },
    labels: { source: from.virtualAccount.name, destination: to.virtualAccount.name },
  });
}
