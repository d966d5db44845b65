import { useState, type FormEvent } from 'react';
import { useProfiles } from '../../stores/profiles';
import { splitErrors } from './fieldErrors';
import { KeyFields } from './KeyFields';
import { ProfileDialog, ProfileDialogActions, type ProfileDialogProps, type ProfileFormProps } from './ProfileDialog';
import { useKeyStorageChoice } from './useKeyStorageChoice';
import { FormError } from '../../ui/FormError';

/** "Set key…" / "Replace key…" of a live profile: a password field and where to keep the key. */
export function SetKeyDialog(props: ProfileDialogProps) {
  return (
    <ProfileDialog
      {...props}
      title={(p) => `${p.hasKey ? 'Replace' : 'Set'} the API key of “${p.name}”`}
      Form={SetKeyForm}
    />
  );
}

function SetKeyForm({ profile, busy, setBusy, onClose, onDone }: ProfileFormProps) {
  const setKey = useProfiles((s) => s.setKey);
  const [apiKey, setApiKey] = useState('');
  // Replacing a session-only key keeps that choice unless the person changes it.
  const storage = useKeyStorageChoice(profile.keyStorage === 'session');
  const { sessionOnly } = storage;
  const [keyError, setKeyError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFormError(null);
    const r = await setKey({ id: profile.id, apiKey, sessionOnly });
    setBusy(false);
    if (!r.ok) {
      const split = splitErrors(r.error, ['apiKey'] as const);
      setKeyError(split.fields.apiKey);
      setFormError(split.other);
      if (split.fields.apiKey) document.getElementById('setkey-apiKey')?.focus();
      return;
    }
    setApiKey('');
    const where = r.value.keyStorage === 'session' ? 'for this session only' : 'in the system keychain';
    onDone(`The API key of “${r.value.name}” was saved ${where}.`);
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <KeyFields
        idPrefix="setkey"
        value={apiKey}
        onChange={(v) => {
          if (busy) return;
          setApiKey(v);
          setKeyError(undefined);
        }}
        error={keyError}
        hint={profile.hasKey ? 'The new key replaces the saved one.' : undefined}
        readOnly={busy}
        storage={storage}
      />
      <FormError message={formError} />
      <ProfileDialogActions busy={busy} onCancel={onClose} submitLabel="Save key" />
    </form>
  );
}
