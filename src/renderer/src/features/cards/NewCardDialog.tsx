import { useState, type FormEvent } from 'react';
import type { Card, CardCreate } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { parseUserData } from '../../cards/model/user-data';
import { nameProblem } from '../../cards/model/names';
import { FormDialog } from '../../ui/FormDialog';
import { FormError } from '../../ui/FormError';
import { TextField } from '../../ui/TextField';
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
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog open={open} title="New virtual card" busy={busy} onCancel={() => onClose()}>
      <NewCardForm profileId={profileId} directory={directory} busy={busy} setBusy={setBusy} onClose={onClose} />
    </FormDialog>
  );
}

function NewCardForm({ profileId, directory, busy, setBusy, onClose }: Omit<Props, 'open'> & { busy: boolean; setBusy(b: boolean): void }) {
  const debit = directory.accounts.filter((a) => a.status === 'open');
  const [name, setName] = useState('');
  const [accountId, setAccountId] = useState(debit[0]?.id ?? '');
  const [virtualAccountId, setVirtualAccountId] = useState('');
  const [cardGroupId, setCardGroupId] = useState('');
  const [cardProductId, setCardProductId] = useState('');
  const [singleUse, setSingleUse] = useState(false);
  const [userData, setUserData] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
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
    setBusy(true);
    setError(null);
    const r = await entityWrites.createCard(profileId, body);
    setBusy(false);
    if (r.ok) onClose(r.value);
    else setError(r.error.message);
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField id="new-card-name" label="Name" value={name} error={nameError} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
      <label className="field">
        <span className="field__label">Account</span>
        <select className="field__input" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
          <option value="">The company's first debit account</option>
          {debit.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.type})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Virtual account (optional)</span>
        <select className="field__input" value={virtualAccountId} onChange={(e) => setVirtualAccountId(e.target.value)}>
          <option value="">The group's, else the primary one</option>
          {directory.virtualAccounts
            .filter((v) => !v.virtualAccount.closedAt)
            .map((v) => (
              <option key={v.virtualAccount.id} value={v.virtualAccount.id}>
                {v.virtualAccount.name}
              </option>
            ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Card group (optional)</span>
        <select className="field__input" value={cardGroupId} onChange={(e) => setCardGroupId(e.target.value)}>
          <option value="">No group</option>
          {directory.groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Card product (optional)</span>
        <select className="field__input" value={cardProductId} onChange={(e) => setCardProductId(e.target.value)}>
          <option value="">The first active product</option>
          {directory.products
            .filter((p) => p.status === 'active')
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.id} (BIN {p.prefix})
              </option>
            ))}
        </select>
      </label>
      <label className="field field--check">
        <input type="checkbox" checked={singleUse} onChange={(e) => setSingleUse(e.target.checked)} />
        <span>Single use: closes itself after its first authorization</span>
      </label>
      <UserDataField id="new-card-userdata" label="userData (optional JSON object)" rows={3} value={userData} parsed={parsed} onChange={setUserData} />
      <FormError message={error} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => onClose()} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || !parsed.ok}>
          {busy ? 'Creating…' : 'Create card'}
        </button>
      </div>
    </form>
  );
}
