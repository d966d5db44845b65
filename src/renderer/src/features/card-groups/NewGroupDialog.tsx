import { useState, type FormEvent } from 'react';
import type { CardGroup, VirtualAccountView } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { nameProblem } from '../../cards/model/names';
import { useEntities } from '../../repos/entities-hooks';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { WriteDialog, type DialogWrite } from '../../ui/WriteDialog';

interface Props {
  open: boolean;
  profileId: string;
  onClose(created?: CardGroup): void;
}

/** POST /card-group: a name, and the virtual account its cards spend from (the primary one by default). */
export function NewGroupDialog({ open, profileId, onClose }: Props) {
  return (
    <WriteDialog open={open} title="New card group" onClose={onClose}>
      {(write) => <NewGroupForm profileId={profileId} write={write} />}
    </WriteDialog>
  );
}

function NewGroupForm({ profileId, write }: { profileId: string; write: DialogWrite<CardGroup> }) {
  const vas = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const [name, setName] = useState('');
  const [virtualAccountId, setVirtualAccountId] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed, 'group');
    setNameError(problem);
    if (problem) return;
    await write.run(() =>
      entityWrites.createCardGroup(profileId, { name: trimmed, ...(virtualAccountId ? { virtualAccountId } : {}) }),
    );
  };

  const open = (vas?.items ?? []).filter((v) => !v.virtualAccount.closedAt);
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="new-group-name"
        label="Name"
        value={name}
        error={nameError}
        maxLength={100}
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label="Virtual account its cards spend from"
        value={virtualAccountId}
        onChange={setVirtualAccountId}
        options={[
          { value: '', label: 'The primary virtual account' },
          ...open.map((v) => ({ value: v.virtualAccount.id, label: v.virtualAccount.name })),
        ]}
      />
      <FormError message={write.error} />
      <DialogActions busy={write.busy} label="Create group" busyLabel="Creating…" onCancel={write.cancel} />
    </form>
  );
}
