import type { PayRequest, TransactionNote, TransferRequest } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { classifySend, type SendOutcome } from '../model/classify';

/** What sending needs of a row: its own profile, its exact payload and its key. */
export type SendableRow =
  | { profileId: string; kind: 'transfer'; payload: TransferRequest; idempotencyKey: string }
  | { profileId: string; kind: 'payment'; payload: PayRequest; idempotencyKey: string }
  | { profileId: string; kind: 'note'; payload: { transactionId: string } & TransactionNote; idempotencyKey: string };

/**
 * One attempt for one row, against the row's own profile whichever is on screen, with the row's
 * key (main sends it as `X-Idempotency-Key`) and its payload exactly as approved.
 */
export async function sendRow(row: SendableRow): Promise<SendOutcome<unknown>> {
  switch (row.kind) {
    case 'transfer':
      return classifySend(await serviceCall(row.profileId, 'transferBetweenVirtualAccounts', { body: row.payload, idempotencyKey: row.idempotencyKey }), true);
    case 'payment': {
      const outcome = classifySend(await serviceCall(row.profileId, 'pay', { body: row.payload, idempotencyKey: row.idempotencyKey }), false);
      if (outcome.type === 'ok' && (outcome.value as { success?: boolean }).success === false) {
        return { type: 'rejected', message: 'The service answered that this payment did not go through. Check the payee and the amount, then send it again as a new payment.' };
      }
      return outcome;
    }
    case 'note': {
      const { transactionId, ...note } = row.payload;
      // A note is a plain overwrite: sending it twice leaves the same note.
      return classifySend(await serviceCall(row.profileId, 'setTransactionNote', { params: { transactionId }, body: note }), true);
    }
  }
}
