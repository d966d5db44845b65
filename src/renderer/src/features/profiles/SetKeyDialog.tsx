import { useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { useProfiles } from '../../stores/profiles';
import { FormDialog } from '../../ui/FormDialog';
import { ApiKeyField } from './ApiKeyField';
import { splitErrors } from './fieldErrors';
import { SessionOnlyOption } from './SessionOnlyOption';
import { useKeychainStatus } from './useKeychainStatus';
import { FormError } from '../../ui/FormError';

interface Props {
  /** The profile whose key is set, as it was when the dialog opened; null when closed. */
  profile: ProfileView | null;
  onClose(): void;
  onDone(message: string): void;
}

/** "Set key…" / "Replace key…" of a live profile: a password field and where to keep the key. */
export function SetKeyDialog({ profile, onClose, onDone }: Props) {
  const [busy, setBusy] = useState(false);
  const verb = profile?.hasKey ? 'Replace' : 'Set';
  return (
    <FormDialog open={profile !== null} title={profile ? `${verb} the API key of “${profile.name}”` : ''} busy={busy} onCancel={onClose}>
      {profile ? <SetKeyForm profile={profile} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} /> : null}
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

/**
 * Mounted only while the dialog is open, so the typed key lives in this component's state and
 * nowhere else, and disappears with it on Save, Cancel or Escape.
 */
function SetKeyForm({ profile, busy, setBusy, onClose, onDone }: FormProps) {
  const setKey = useProfiles((s) => s.setKey);
  const keychain = useKeychainStatus();
  const [apiKey, setApiKey] = useState('');
  // Replacing a session-only key keeps that choice unless the person changes it.
  const [sessionOnlyChoice, setSessionOnlyChoice] = useState(profile.keyStorage === 'session');
  const [keyError, setKeyError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);

  const keychainMissing = keychain !== null && !keychain.available;
  const sessionOnly = keychainMissing || sessionOnlyChoice;

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
      <ApiKeyField
        id="setkey-apiKey"
        value={apiKey}
        onChange={(v) => {
          if (busy) return;
          setApiKey(v);
          setKeyError(undefined);
        }}
        error={keyError}
        hint={profile.hasKey ? 'The new key replaces the saved one.' : undefined}
        readOnly={busy}
      />
      <SessionOnlyOption id="setkey-sessionOnly" checked={sessionOnly} keychain={keychain} onChange={(v) => !busy && setSessionOnlyChoice(v)} />
      <FormError message={formError} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save key'}
        </button>
      </div>
    </form>
  );
}
