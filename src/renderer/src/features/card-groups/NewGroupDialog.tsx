import { useState, type FormEvent } from 'react';
import type { CardGroup, VirtualAccountView } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { nameProblem } from '../../cards/model/names';
import { useEntities } from '../../repos/entities-hooks';
import { FormDialog } from '../../ui/FormDialog';
import { FormError } from '../../ui/FormError';
import { TextField } from '../../ui/TextField';

interface Props {
  open: boolean;
  profileId: string;
  onClose(created?: CardGroup): void;
}

/** POST /card-group: a name, and the virtual account its cards spend from (the primary one by default). */
export function NewGroupDialog({ open, profileId, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog open={open} title="New card group" busy={busy} onCancel={() => onClose()}>
      <NewGroupForm profileId={profileId} busy={busy} setBusy={setBusy} onClose={onClose} />
    </FormDialog>
  );
}

function NewGroupForm({ profileId, busy, setBusy, onClose }: Omit<Props, 'open'> & { busy: boolean; setBusy(b: boolean): void }) {
  const vas = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const [name, setName] = useState('');
  const [virtualAccountId, setVirtualAccountId] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed, 'group');
    setNameError(problem);
    if (problem) return;
    setBusy(true);
    setError(null);
    const r = await entityWrites.createCardGroup(profileId, { name: trimmed, ...(virtualAccountId ? { virtualAccountId } : {}) });
    setBusy(false);
    if (r.ok) onClose(r.value);
    else setError(r.error.message);
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField id="new-group-name" label="Name" value={name} error={nameError} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
      <label className="field">
        <span className="field__label">Virtual account its cards spend from</span>
        <select className="field__input" value={virtualAccountId} onChange={(e) => setVirtualAccountId(e.target.value)}>
          <option value="">The primary virtual account</option>
          {(vas?.items ?? [])
            .filter((v) => !v.virtualAccount.closedAt)
            .map((v) => (
              <option key={v.virtualAccount.id} value={v.virtualAccount.id}>
                {v.virtualAccount.name}
              </option>
            ))}
        </select>
      </label>
      <FormError message={error} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => onClose()} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create group'}
        </button>
      </div>
    </form>
  );
}
