import type { OutboxRow } from '../../../../shared/outbox';
import { classifySend, type SendOutcome } from '../../../../shared/outbox/classify';
import { sendRequestOf, wireOf } from '../../../../shared/outbox/wire';
import { serviceCall } from '../../platform/service';

/**
 * One attempt for one row, against the row's own profile whichever is on screen, with the row's
 * key (main sends it as `X-Idempotency-Key`) and its payload exactly as approved; the row's kind
 * says which call that is and how to read its answer.
 */
export async function sendRow(row: OutboxRow): Promise<SendOutcome<unknown>> {
  const wire = wireOf(row.kind);
  const { endpoint, request } = sendRequestOf(row);
  // The request's type follows its endpoint (SendRequest is a union over endpoints); the call takes it as such.
  const outcome = classifySend(await serviceCall(row.profileId, endpoint, request as never), wire.idempotent);
  if (outcome.type !== 'ok') return outcome;
  const refused = wire.refusedDespiteSuccess(outcome.value);
  return refused === null ? outcome : { type: 'rejected', message: refused };
}
