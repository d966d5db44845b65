import { useState, type FormEvent } from 'react';
import type { ConnectionTestResult, IpcError, ProfileView } from '../../../../shared/ipc';
import { callMain } from '../../bridge';
import { useProfiles } from '../../stores/profiles';
import { TextField } from '../../ui/TextField';
import { ConnectionTestResults } from './ConnectionTestResults';
import { SessionOnlyOption } from './SessionOnlyOption';
import { useKeychainStatus } from './useKeychainStatus';

interface Values {
  name: string;
  baseUrl: string;
  vaultUrl: string;
  apiKey: string;
  sessionOnly: boolean;
}
type FieldName = 'name' | 'baseUrl' | 'vaultUrl' | 'apiKey';
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: Values = { name: '', baseUrl: '', vaultUrl: '', apiKey: '', sessionOnly: false };
const FIELDS: FieldName[] = ['name', 'baseUrl', 'vaultUrl', 'apiKey'];

/** Schema messages are lower-case fragments; next to a field they read as sentences. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Splits main's validation errors into the ones a field can show and the rest. */
function splitErrors(error: IpcError): { fields: FieldErrors; other: string | null } {
  const fields: FieldErrors = {};
  for (const f of error.fields ?? []) {
    const name = FIELDS.find((n) => n === f.path);
    if (name && !fields[name]) fields[name] = sentence(f.message);
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, other: placed && error.code === 'invalid-argument' ? null : error.message };
}

interface Props {
  onSaved?(profile: ProfileView): void;
}

/**
 * The live profile form. The API key lives only in this component's state, is sent to main on
 * "Test connection" or "Save", and is wiped after a successful save; nothing else keeps it.
 */
export function AddProfileForm({ onSaved }: Props) {
  const create = useProfiles((s) => s.create);
  const keychain = useKeychainStatus();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [test, setTest] = useState<ConnectionTestResult | null>(null);
  const [busy, setBusy] = useState<'testing' | 'saving' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const keychainMissing = keychain !== null && !keychain.available;
  const sessionOnly = keychainMissing || values.sessionOnly;

  const change = (name: keyof Values, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (name !== 'sessionOnly') setErrors((e) => ({ ...e, [name]: undefined }));
    // A result for other values would mislead; the person tests again.
    if (name === 'baseUrl' || name === 'vaultUrl' || name === 'apiKey') setTest(null);
    setSaved(null);
  };

  const showError = (error: IpcError) => {
    const split = splitErrors(error);
    setErrors(split.fields);
    setFormError(split.other);
    const first = FIELDS.find((n) => split.fields[n]);
    if (first) document.getElementById(`profile-${first}`)?.focus();
  };

  const testConnection = async () => {
    setBusy('testing');
    setFormError(null);
    setTest(null);
    const { baseUrl, vaultUrl, apiKey } = values;
    const r = await callMain((api) => api.profiles.testConnection({ baseUrl, vaultUrl, apiKey }));
    setBusy(null);
    if (r.ok) setTest(r.value);
    else showError(r.error);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('saving');
    setFormError(null);
    const r = await create({ name: values.name, baseUrl: values.baseUrl, vaultUrl: values.vaultUrl, apiKey: values.apiKey, sessionOnly });
    setBusy(null);
    if (!r.ok) {
      showError(r.error);
      return;
    }
    setValues(EMPTY);
    setErrors({});
    setTest(null);
    setSaved(`Saved “${r.value.name}”.`);
    onSaved?.(r.value);
  };

  return (
    <form className="form" onSubmit={(e) => void save(e)} noValidate aria-label="Add a live profile">
      <TextField
        id="profile-name"
        label="Name"
        value={values.name}
        onChange={(e) => change('name', e.target.value)}
        error={errors.name}
        hint="How this account appears in the profile switcher."
        autoComplete="off"
      />
      <TextField
        id="profile-baseUrl"
        label="Service address (base URL)"
        type="url"
        value={values.baseUrl}
        onChange={(e) => change('baseUrl', e.target.value)}
        error={errors.baseUrl}
        placeholder="https://api.example.com"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id="profile-vaultUrl"
        label="Vault address (vault URL)"
        type="url"
        value={values.vaultUrl}
        onChange={(e) => change('vaultUrl', e.target.value)}
        error={errors.vaultUrl}
        placeholder="https://vault.example.com"
        hint="Where full card numbers are revealed; it is a separate host."
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id="profile-apiKey"
        label="API key"
        type="password"
        value={values.apiKey}
        onChange={(e) => change('apiKey', e.target.value)}
        error={errors.apiKey}
        autoComplete="off"
        spellCheck={false}
      />
      <SessionOnlyOption checked={sessionOnly} keychain={keychain} onChange={(v) => change('sessionOnly', v)} />

      <div aria-live="polite" className="form__live">
        {test ? <ConnectionTestResults result={test} /> : null}
        {saved ? <p className="form__saved">{saved}</p> : null}
      </div>
      {formError ? (
        <p className="form__error" role="alert">
          {formError}
        </p>
      ) : null}

      <div className="form__actions">
        <button type="button" className="button" onClick={() => void testConnection()} disabled={busy !== null}>
          {busy === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          {busy === 'saving' ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
