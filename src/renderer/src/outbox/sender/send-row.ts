import type { OutboxRow } from '../../../../shared/outbox';
import { classifySend, type SendOutcome } from '../../../../shared/outbox/classify';
import { wireOf } from '../../../../shared/outbox/wire';
import { sendThroughMain } from '../../platform/outbox';

/**
 * One attempt for one row, against the row's own profile whichever is on screen: main sends its
 * payload exactly as approved with its key (as `X-Idempotency-Key`), or refuses it (the money
 * gate); the row's kind says how to read the answer.
 */
export async function sendRow(row: OutboxRow): Promise<SendOutcome<unknown>> {
  const wire = wireOf(row.kind);
  const outcome = classifySend(await sendThroughMain(row), wire.idempotent);
  if (outcome.type !== 'ok') return outcome;
  const refused = wire.refusedDespiteSuccess(outcome.value);
  return refused === null ? outcome : { type: 'rejected', message: refused };
}
