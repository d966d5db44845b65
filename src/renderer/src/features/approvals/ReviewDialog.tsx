import { useId, useState } from 'react';
import type { InboxItem } from '../../team/model/inbox';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';

interface Props {
  /** The row in review; null while closed. */
  item: InboxItem | null;
  busy: boolean;
  onCancel(): void;
  onReview(found: 'sent' | 'not-sent', checked: string): Promise<void>;
}

/**
 * A team row whose send may have gone through: the approver says what they checked (the paying
 * account's transactions) and whether it is there. Main signs the answer after its own prompt:
 * found, it is never sent again; not found, it goes out with its key.
 */
export function ReviewDialog({ item, busy, onCancel, onReview }: Props) {
  return (
    <FormDialog open={item !== null} title={`Did ${item?.title ?? 'it'} go through?`} busy={busy} onCancel={onCancel}>
      <ReviewForm item={item} busy={busy} onCancel={onCancel} onReview={onReview} />
    </FormDialog>
  );
}

function ReviewForm({ item, busy, onCancel, onReview }: Props) {
  const id = useId();
  const [checked, setChecked] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const answer = (found: 'sent' | 'not-sent') => {
    if (checked.trim().length < 3) return setError('Say what you checked: your team and the audit read it.');
    void onReview(found, checked.trim());
  };
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <p className="field__hint">{item?.needs}</p>
      <TextField
        id={id}
        label="What you checked"
        hint="For example: the paying account’s transactions from that day."
        value={checked}
        maxLength={500}
        onChange={(e) => setChecked(e.target.value)}
        error={error}
        autoFocus
      />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => answer('sent')}>
          It went through
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => answer('not-sent')}>
          It did not: send it
        </button>
      </div>
    </form>
  );
}
