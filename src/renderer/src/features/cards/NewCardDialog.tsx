import { useState, type FormEvent } from 'react';
import type { Card, CardCreate } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { parseUserData } from '../../cards/model/user-data';
import { nameProblem } from '../../cards/model/names';
import { accountTypeWords } from '../../directory/model/words';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { WriteDialog, type DialogWrite } from '../../ui/WriteDialog';
import { UserDataField } from './UserDataField';
import type { CardDirectory } from './useCardDirectory';

interface Props {
  open: boolean;
  profileId: string;
  directory: CardDirectory;
  onClose(created?: Card): void;
}

/** POST /card: a virtual card on an account, optionally a virtual account, a group, a product. */
export function NewCardDialog({ open, profileId, directory, onClose }: Props) {
  return (
    <WriteDialog open={open} title="New virtual card" onClose={onClose}>
      {(write) => <NewCardForm profileId={profileId} directory={directory} write={write} />}
    </WriteDialog>
  );
}

function NewCardForm({
  profileId,
  directory,
  write,
}: {
  profileId: string;
  directory: CardDirectory;
  write: DialogWrite<Card>;
}) {
  const debit = directory.accounts.filter((a) => a.status === 'open');
  const [name, setName] = useState('');
  const [accountId, setAccountId] = useState(debit[0]?.id ?? '');
  const [virtualAccountId, setVirtualAccountId] = useState('');
  const [cardGroupId, setCardGroupId] = useState('');
  const [cardProductId, setCardProductId] = useState('');
  const [singleUse, setSingleUse] = useState(false);
  const [userData, setUserData] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const parsed = parseUserData(userData);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed, 'card');
    setNameError(problem);
    if (problem) return;
    if (!parsed.ok) return;
    const body: CardCreate = {
      name: trimmed,
      type: 'virtual',
      ...(accountId ? { accountId } : {}),
      ...(virtualAccountId ? { virtualAccountId } : {}),
      ...(cardGroupId ? { cardGroupId } : {}),
      ...(cardProductId ? { cardProductId } : {}),
      ...(singleUse ? { isSingleUse: true } : {}),
      ...(parsed.value ? { userData: parsed.value } : {}),
    };
    await write.run(() => entityWrites.createCard(profileId, body));
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="new-card-name"
        label="Name"
        value={name}
        error={nameError}
        maxLength={100}
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label="Account"
        value={accountId}
        onChange={setAccountId}
        options={[
          { value: '', label: "The company's first debit account" },
          ...debit.map((a) => ({ value: a.id, label: `${a.name} (${accountTypeWords(a.type).toLowerCase()})` })),
        ]}
      />
      <SelectField
        label="Virtual account (optional)"
        value={virtualAccountId}
        onChange={setVirtualAccountId}
        options={[
          { value: '', label: "The group's, else the primary one" },
          ...directory.virtualAccounts
            .filter((v) => !v.virtualAccount.closedAt)
            .map((v) => ({ value: v.virtualAccount.id, label: v.virtualAccount.name })),
        ]}
      />
      <SelectField
        label="Card group (optional)"
        value={cardGroupId}
        onChange={setCardGroupId}
        options={[{ value: '', label: 'No group' }, ...directory.groups.map((g) => ({ value: g.id, label: g.name }))]}
      />
      <SelectField
        label="Card product (optional)"
        value={cardProductId}
        onChange={setCardProductId}
        options={[
          { value: '', label: 'The first active product' },
          ...directory.products
            .filter((p) => p.status === 'active')
            .map((p, i) => ({ value: p.id, label: `Product ${i + 1} (cards starting ${p.prefix})` })),
        ]}
      />
      <label className="field field--check">
        <input type="checkbox" checked={singleUse} onChange={(e) => setSingleUse(e.target.checked)} />
        <span>Single use: closes itself after its first authorization</span>
      </label>
      <UserDataField
        id="new-card-userdata"
        label="userData (optional JSON object)"
        rows={3}
        value={userData}
        parsed={parsed}
        onChange={setUserData}
      />
      <FormError message={write.error} />
      <DialogActions
        busy={write.busy}
        label="Create card"
        busyLabel="Creating…"
        disabled={!parsed.ok}
        onCancel={write.cancel}
      />
    </form>
  );
}
