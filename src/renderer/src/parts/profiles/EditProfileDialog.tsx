import { useState, type FormEvent } from 'react';
import type { ProfileChanges } from '../../stores/profiles';
import { useProfiles } from '../../stores/profiles';
import { splitErrors, type FieldErrors } from './fieldErrors';
import { KeyFields } from './KeyFields';
import { ProfileAddressFields } from './ProfileAddressFields';
import { ProfileDialog, ProfileDialogActions, type ProfileDialogProps, type ProfileFormProps } from './ProfileDialog';
import { useKeyStorageChoice } from './useKeyStorageChoice';
import { FormError } from '../../ui/FormError';

type FieldName = 'name' | 'baseUrl' | 'vaultUrl' | 'apiKey';
const FIELDS: readonly FieldName[] = ['name', 'baseUrl', 'vaultUrl', 'apiKey'];

/**
 * "Edit…" of a live profile: its name and addresses. The key has its own dialog, except when an
 * address changes: the saved key is never sent to a new address, so main removes it and the form
 * asks for the key that belongs to the new one (or saves without, leaving the profile keyless).
 */
export function EditProfileDialog(props: ProfileDialogProps) {
  return <ProfileDialog {...props} title={(p) => `Edit “${p.name}”`} Form={EditForm} />;
}

function EditForm({ profile, busy, setBusy, onClose, onDone }: ProfileFormProps) {
  const update = useProfiles((s) => s.update);
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: profile.name,
    baseUrl: profile.baseUrl,
    vaultUrl: profile.vaultUrl,
    apiKey: '',
  });
  const storage = useKeyStorageChoice(profile.keyStorage === 'session');
  const { sessionOnly } = storage;
  const addressChanged = values.baseUrl !== profile.baseUrl || values.vaultUrl !== profile.vaultUrl;
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
        <KeyFields
          idPrefix="edit"
          label="API key for the new address"
          value={values.apiKey}
          onChange={(v) => change('apiKey', v)}
          error={errors.apiKey}
          hint="A key is only ever sent to the addresses it was entered for, so changing an address removes the saved key. Enter the key for the new address, or leave this empty and set it later."
          readOnly={busy}
          storage={storage}
        />
      ) : null}
      <FormError message={formError} />
      <ProfileDialogActions busy={busy} onCancel={onClose} submitLabel="Save changes" />
    </form>
  );
}
