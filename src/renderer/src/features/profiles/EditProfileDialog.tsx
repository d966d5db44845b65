import { useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import type { ProfileChanges } from '../../stores/profiles';
import { useProfiles } from '../../stores/profiles';
import { FormDialog } from '../../ui/FormDialog';
import { ApiKeyField } from './ApiKeyField';
import { splitErrors, type FieldErrors } from './fieldErrors';
import { ProfileAddressFields } from './ProfileAddressFields';
import { SessionOnlyOption } from './SessionOnlyOption';
import { useKeychainStatus } from './useKeychainStatus';
import { FormError } from '../../ui/FormError';

interface Props {
  /** The profile being edited, as it was when the dialog opened; null when closed. */
  profile: ProfileView | null;
  onClose(): void;
  onDone(message: string): void;
}

type FieldName = 'name' | 'baseUrl' | 'vaultUrl' | 'apiKey';
const FIELDS: readonly FieldName[] = ['name', 'baseUrl', 'vaultUrl', 'apiKey'];

/**
 * "Edit…" of a live profile: its name and addresses. The key has its own dialog, except when an
 * address changes: the saved key is never sent to a new address, so main removes it and the form
 * asks for the key that belongs to the new one (or saves without, leaving the profile keyless).
 */
export function EditProfileDialog({ profile, onClose, onDone }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog open={profile !== null} title={profile ? `Edit “${profile.name}”` : ''} busy={busy} onCancel={onClose}>
      {profile ? <EditForm profile={profile} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} /> : null}
    </FormDialog>
  );
}

interface FormProps {
  profile: ProfileView;
  busy: boolean;
  setBusy(busy: boolean): void;
  onClose(): void;
  onDone(message: string): void;
}

function EditForm({ profile, busy, setBusy, onClose, onDone }: FormProps) {
  const update = useProfiles((s) => s.update);
  const keychain = useKeychainStatus();
  const [values, setValues] = useState<Record<FieldName, string>>({ name: profile.name, baseUrl: profile.baseUrl, vaultUrl: profile.vaultUrl, apiKey: '' });
  const [sessionOnlyChoice, setSessionOnlyChoice] = useState(profile.keyStorage === 'session');
  const addressChanged = values.baseUrl !== profile.baseUrl || values.vaultUrl !== profile.vaultUrl;
  const keychainMissing = keychain !== null && !keychain.available;
  const sessionOnly = keychainMissing || sessionOnlyChoice;
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (name: FieldName, value: string) => {
    if (busy) return;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Only what changed is sent: main re-checks a name against the others only when it is new.
    const changes: ProfileChanges = { id: profile.id };
    if (values.name !== profile.name) changes.name = values.name;
    if (values.baseUrl !== profile.baseUrl) changes.baseUrl = values.baseUrl;
    if (values.vaultUrl !== profile.vaultUrl) changes.vaultUrl = values.vaultUrl;
    if (addressChanged && values.apiKey !== '') {
      changes.apiKey = values.apiKey;
      changes.sessionOnly = sessionOnly;
    }
    if (Object.keys(changes).length === 1) {
      onClose();
      return;
    }
    setBusy(true);
    setFormError(null);
    const r = await update(changes);
    setBusy(false);
    if (!r.ok) {
      const split = splitErrors(r.error, FIELDS);
      setErrors(split.fields);
      setFormError(split.other);
      const first = FIELDS.find((n) => split.fields[n]);
      if (first) document.getElementById(`edit-${first}`)?.focus();
      return;
    }
    setValues((v) => ({ ...v, apiKey: '' }));
    onDone(
      r.value.keyCleared
        ? `Saved the changes to “${r.value.profile.name}”. Its API key was removed because the address changed: set the key for the new address (Set key…).`
        : `Saved the changes to “${r.value.profile.name}”.`,
    );
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <ProfileAddressFields idPrefix="edit" values={values} errors={errors} onChange={change} readOnly={busy} />
      {addressChanged ? (
        <>
          <ApiKeyField
            id="edit-apiKey"
            label="API key for the new address"
            value={values.apiKey}
            onChange={(v) => change('apiKey', v)}
            error={errors.apiKey}
            hint="A key is only ever sent to the addresses it was entered for, so changing an address removes the saved key. Enter the key for the new address, or leave this empty and set it later."
            readOnly={busy}
          />
          <SessionOnlyOption id="edit-sessionOnly" checked={sessionOnly} keychain={keychain} onChange={(v) => !busy && setSessionOnlyChoice(v)} />
        </>
      ) : null}
      <FormError message={formError} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
