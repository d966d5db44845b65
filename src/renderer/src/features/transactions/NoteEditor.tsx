import { useState } from 'react';
import type { Transaction } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { appendPage } from '../../repos/transactions-repo';
import { chunksWritten } from '../../search/search-session';
import { FormError } from '../../ui/FormError';

const MAX_NOTE = 2000;

/**
 * A transaction's note, saved with PATCH /transaction/{id}/note. The cache gets the new version
 * at once (as a new chunk, like a sync would), so the list and search see it.
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
    const r = await serviceCall(profileId, 'setTransactionNote', { params: { transactionId: tx.id }, body: { note: text } });
    setBusy(false);
    if (!r.ok) {
      const offline = r.error.service?.kind === 'network' || r.error.service?.kind === 'timeout';
      setError(offline ? 'You are offline, so the note was not saved. Your text is kept here; save it again when the connection returns.' : r.error.message);
      return;
    }
    await appendPage(profileId, 'note', [{ ...tx, note: text }]);
    chunksWritten(profileId);
    setSaved(text);
    setEditing(false);
  };

  const shown = saved ?? tx.note;
  if (!editing) {
    return (
      <div className="note">
        <p className={shown ? '' : 'muted'}>{shown || 'No note.'}</p>
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
      <textarea id="tx-note" className="field__input" rows={3} maxLength={MAX_NOTE} value={text} onChange={(e) => setText(e.target.value)} readOnly={busy} />
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
