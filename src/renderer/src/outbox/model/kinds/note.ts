import { NOTE_MAX_LENGTH as NOTE_MAX } from '../../../../../shared/service';
import type { RowKind } from './kind';

/** A note on a transaction (PATCH /transaction/{id}/note): no money, no approval, a plain overwrite. */
export const noteKind: RowKind<'note'> = {
  kind: 'note',
  validate: (p) => (p.note.length > NOTE_MAX ? [{ field: 'note', message: `A note is at most ${NOTE_MAX.toLocaleString('en-US')} characters.` }] : []),
  queueKeys: (p) => ({ sourceKey: `note:${p.transactionId}` }),
  amountCents: () => 0,
  withAmount: () => null,
  approvable: false,
  title: (row) => `Note on ${row.payload.transactionId}`,
  reviewLines: (row) => [
    ['Transaction', row.payload.transactionId],
    ['Note', row.payload.note],
  ],
  request: (row) => {
    const { transactionId, ...note } = row.payload;
    return { endpoint: 'setTransactionNote', request: { params: { transactionId }, body: note } };
  },
  // Sending it twice leaves the same note.
  idempotent: true,
  refusedDespiteSuccess: () => null,
  result: (row) => ({ noteSaved: true, transactionId: row.payload.transactionId }),
};
