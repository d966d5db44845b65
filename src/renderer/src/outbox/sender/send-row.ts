import type { OutboxRow } from '../../../../shared/outbox';
import { serviceCall } from '../../platform/service';
import { classifySend, type SendOutcome } from '../model/classify';
import { kindOf } from '../model/kinds';

/**
 * One attempt for one row, against the row's own profile whichever is on screen, with the row's
 * key (main sends it as `X-Idempotency-Key`) and its payload exactly as approved; the row's kind
 * says which call that is and how to read its answer.
 */
export async function sendRow(row: OutboxRow): Promise<SendOutcome<unknown>> {
  const kind = kindOf(row);
  const { endpoint, request } = kind.request(row);
  // The request's type follows its endpoint (SendRequest is a union over endpoints); the call takes it as such.
  const outcome = classifySend(await serviceCall(row.profileId, endpoint, request as never), kind.idempotent);
  if (outcome.type !== 'ok') return outcome;
  const refused = kind.refusedDespiteSuccess(outcome.value);
  return refused === null ? outcome : { type: 'rejected', message: refused };
}
