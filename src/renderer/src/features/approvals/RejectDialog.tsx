import { useId, useState } from 'react';
import type { InboxItem } from '../../team/model/inbox';
import { DialogActions } from '../../ui/DialogActions';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';

interface Props {
  /** The items to reject; null while closed. */
  items: InboxItem[] | null;
  busy: boolean;
  onCancel(): void;
  onReject(reason: string): Promise<void>;
}

/** Asks why before rejecting: the reason goes into the row's history here, or into the signed decision in the workspace. */
export function RejectDialog({ items, busy, onCancel, onReject }: Props) {
  const title =
    items && items.length === 1 ? `Reject ${items[0]?.title ?? ''}?` : `Reject ${items?.length ?? 0} items?`;
  return (
    <FormDialog open={items !== null} title={title} busy={busy} onCancel={onCancel}>
      <ReasonForm busy={busy} onCancel={onCancel} onReject={onReject} />
    </FormDialog>
  );
}

function ReasonForm({ busy, onCancel, onReject }: Omit<Props, 'items'>) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setError('Say why: the drafter reads it.');
        void onReject(reason.trim());
      }}
    >
      <TextField
        id={id}
        label="Reason"
        hint="The drafter and the audit read it."
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        error={error}
        autoFocus
      />
      <DialogActions busy={busy} label="Reject" busyLabel="Rejecting…" danger onCancel={onCancel} />
    </form>
  );
}
