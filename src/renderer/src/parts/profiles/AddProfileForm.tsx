import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ConnectionTestResult, IpcError, ProfileView } from '../../../../shared/ipc';
import { callMain } from '../../platform/bridge';
import { useProfiles } from '../../stores/profiles';
import { ConnectionTestResults } from './ConnectionTestResults';
import { KeyFields } from './KeyFields';
import { ProfileAddressFields } from './ProfileAddressFields';
import { splitErrors, type FieldErrors } from './fieldErrors';
import { useKeyStorageChoice } from './useKeyStorageChoice';
import { FormError } from '../../ui/FormError';

type FieldName = 'name' | 'baseUrl' | 'vaultUrl' | 'apiKey';
type Values = Record<FieldName, string>;

const EMPTY: Values = { name: '', baseUrl: '', vaultUrl: '', apiKey: '' };
const FIELDS: readonly FieldName[] = ['name', 'baseUrl', 'vaultUrl', 'apiKey'];

/** 'testing': the "Test connection" button; 'checking': the test Save runs before saving. */
type Busy = 'testing' | 'checking' | 'saving' | null;

const passed = (t: ConnectionTestResult) => t.api.ok && t.vault.ok;

interface Props {
  onSaved?(profile: ProfileView): void;
}

/**
 * The live profile form. The API key lives only in this component's state, is sent to main on
 * "Test connection" or "Save", and is wiped after a successful save; nothing else keeps it.
 *
 * Save tests the connection first and saves only when both hosts answer: a profile that cannot
 * connect is usually a typo. When the test fails, the results are shown and the button becomes
 * "Save anyway" (the service may be down for now), so keeping it takes a second, deliberate click.
 */
export function AddProfileForm({ onSaved }: Props) {
  const create = useProfiles((s) => s.create);
  const [values, setValues] = useState<Values>(EMPTY);
  const storage = useKeyStorageChoice(false);
  const { sessionOnly } = storage;
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [test, setTest] = useState<ConnectionTestResult | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [saved, setSaved] = useState<string | null>(null);
  /** Set when Save's test failed for the values now in the form. */
  const [saveAnyway, setSaveAnyway] = useState(false);
  /** The button that started a call: disabling it drops focus, which we give back afterwards. */
  const focusAfter = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (busy !== null) return;
    const el = focusAfter.current;
    focusAfter.current = null;
    // Only when focus fell to the page: an error may have moved it to a field on purpose.
    if (el?.isConnected && (document.activeElement === null || document.activeElement === document.body)) el.focus();
  }, [busy]);

  const start = (b: Exclude<Busy, null>) => {
    if (document.activeElement instanceof HTMLButtonElement) focusAfter.current = document.activeElement;
    setBusy(b);
  };

  const edited = () => {
    // "Save anyway" was earned by a failed test of the old values, not of these.
    setSaveAnyway(false);
    setSaved(null);
  };

  const change = (name: FieldName, value: string) => {
    // Fields are read-only while a call runs, so the answer always matches what is shown.
    if (busy !== null) return;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    // A result for other values would mislead; the person tests again.
    if (name === 'baseUrl' || name === 'vaultUrl' || name === 'apiKey') setTest(null);
    edited();
  };

  // KeyFields ignores the box while a call runs.
  const chooseSessionOnly = (value: boolean) => {
    storage.choose(value);
    edited();
  };

  const showError = (error: IpcError) => {
    const split = splitErrors(error, FIELDS);
    setErrors(split.fields);
    setFormError(split.other);
    const first = FIELDS.find((n) => split.fields[n]);
    if (first) document.getElementById(`profile-${first}`)?.focus();
  };

  const testConnection = async () => {
    if (busy !== null) return;
    start('testing');
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
    if (busy !== null) return;
    setFormError(null);
    setSaved(null);
    // The test does not look at the name: say it is missing now rather than after a network wait.
    if (values.name.trim() === '') {
      showError({
        code: 'invalid-argument',
        message: 'Give the profile a name.',
        fields: [{ path: 'name', message: 'give the profile a name' }],
      });
      return;
    }
    if (!saveAnyway) {
      start('checking');
      setTest(null);
      const { baseUrl, vaultUrl, apiKey } = values;
      const t = await callMain((api) => api.profiles.testConnection({ baseUrl, vaultUrl, apiKey }));
      if (!t.ok) {
        setBusy(null);
        showError(t.error);
        return;
      }
      setTest(t.value);
      if (!passed(t.value)) {
        setBusy(null);
        setSaveAnyway(true);
        return;
      }
      setBusy('saving');
    } else {
      start('saving');
    }
    const r = await create({
      name: values.name,
      baseUrl: values.baseUrl,
      vaultUrl: values.vaultUrl,
      apiKey: values.apiKey,
      sessionOnly,
    });
    setBusy(null);
    if (!r.ok) {
      showError(r.error);
      return;
    }
    // Saved: the key leaves the form's state now; main holds it from here on.
    setValues(EMPTY);
    storage.choose(false);
    setErrors({});
    setTest(null);
    setSaveAnyway(false);
    setSaved(`Saved “${r.value.name}”.`);
    onSaved?.(r.value);
  };

  const progress = busy === 'saving' ? 'Saving the profile…' : busy !== null ? 'Testing the connection…' : null;
  const primaryLabel =
    busy === 'checking' ? 'Testing…' : busy === 'saving' ? 'Saving…' : saveAnyway ? 'Save anyway' : 'Save';
  const readOnly = busy !== null;

  return (
    <form
      className="form"
      onSubmit={(e) => void save(e)}
      noValidate
      aria-label="Add a live profile"
      aria-busy={busy !== null || undefined}
    >
      <ProfileAddressFields
        idPrefix="profile"
        values={values}
        errors={errors}
        onChange={change}
        readOnly={readOnly}
        withHints
      />
      <KeyFields
        idPrefix="profile"
        value={values.apiKey}
        onChange={(v) => change('apiKey', v)}
        error={errors.apiKey}
        readOnly={readOnly}
        storage={storage}
        onSessionOnlyChange={chooseSessionOnly}
      />

      <div aria-live="polite" className="form__live">
        {progress ? <p className="form__progress">{progress}</p> : null}
        {test ? <ConnectionTestResults result={test} /> : null}
        {saveAnyway && busy === null ? (
          <p className="form__hint">
            The connection test failed, so the profile was not saved. Check the addresses and the key, or choose “Save
            anyway” to keep it as it is (for example when the service is down for now).
          </p>
        ) : null}
        {saved ? <p className="form__saved">{saved}</p> : null}
      </div>
      <FormError message={formError} />

      <div className="form__actions">
        <button type="button" className="button" onClick={() => void testConnection()} disabled={busy !== null}>
          {busy === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          {primaryLabel}
        </button>
      </div>
    </form>
  );
}
