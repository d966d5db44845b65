import { NOTE_MAX_LENGTH as NOTE_MAX } from '../../../../../shared/service';
import type { RowKind } from './kind';

/** A note on a transaction (PATCH /transaction/{id}/note): no money, no approval, a plain overwrite. */
export const noteKind: RowKind<'note'> = {
  kind: 'note',
  validate: (p) =>
    p.note.length > NOTE_MAX
      ? [{ field: 'note', message: `A note is at most ${NOTE_MAX.toLocaleString('en-US')} characters.` }]
      : [],
  queueKeys: (p) => ({ sourceKey: `note:${p.transactionId}` }),
  amountCents: () => 0,
  withAmount: () => null,
  approvable: false,
  title: () => 'Note on a transaction',
  reviewLines: (row) => [['Note', row.payload.note]],
  technicalLines: (row) => [['Transaction id', row.payload.transactionId]],
  result: (row) => ({ noteSaved: true, transactionId: row.payload.transactionId }),
};
