import { useState } from 'react';
import { NOTE_MAX_LENGTH, type Transaction } from '../../../../shared/service';
import { useOutboxRows } from '../../outbox/repo/outbox-hooks';
import { appendPage } from '../../repos/transactions-repo';
import { chunksWritten } from '../../search/search-session';
import { FormError } from '../../ui/FormError';
import { queueDraft } from '../../team/commands/submit-draft';

const MAX_NOTE = NOTE_MAX_LENGTH;

/**
 * A transaction's note, saved through the outbox (PATCH /transaction/{id}/note, no approval), so
 * it can be written offline and is sent when the connection returns. The cache gets the new
 * version at once (as a new chunk, like a sync would), so the list and search see it.
 */
export function NoteEditor({ profileId, tx }: { profileId: string; tx: Transaction }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(tx.note ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await queueDraft(profileId, { kind: 'note', payload: { transactionId: tx.id, note: text } });
    } catch (e) {
      setBusy(false);
      setError(`The note could not be queued: ${e instanceof Error ? e.message : String(e)}. Your text is kept here.`);
      return;
    }
    setBusy(false);
    await appendPage(profileId, 'note', [{ ...tx, note: text }]);
    chunksWritten(profileId);
    setSaved(text);
    setEditing(false);
  };

  const shown = saved ?? tx.note;
  const outbox = useOutboxRows(profileId);
  const pending = (outbox ?? [])
    .filter(
      (r) => r.kind === 'note' && r.payload.transactionId === tx.id && r.state !== 'sent' && r.state !== 'canceled',
    )
    .at(-1);
  if (!editing) {
    return (
      <div className="note">
        <p className={shown ? '' : 'muted'}>{shown || 'No note.'}</p>
        {pending ? (
          <p className="field__hint" aria-live="polite">
            {pending.state === 'failed'
              ? `Not saved: ${pending.lastError ?? 'the service refused it'}`
              : 'Waiting to be sent: it is saved when the connection returns.'}
          </p>
        ) : null}
        <button type="button" className="button button--quiet" onClick={() => setEditing(true)}>
          {shown ? 'Edit note' : 'Add a note'}
        </button>
      </div>
    );
  }
  return (
    <form
      className="note"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor="tx-note" className="field__label">
        Note
      </label>
      <textarea
        id="tx-note"
        className="field__input"
        rows={3}
        maxLength={MAX_NOTE}
        value={text}
        onChange={(e) => setText(e.target.value)}
        readOnly={busy}
      />
      <p className="field__hint">
        {text.length} of {MAX_NOTE} characters
      </p>
      <FormError message={error} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => setEditing(false)} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save note'}
        </button>
      </div>
    </form>
  );
}
