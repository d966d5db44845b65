import { useState, type FormEvent } from 'react';
import type { IpcError, Result, WorkspaceSummary } from '../../../../../shared/ipc';
import { workspaceCalls } from '../../../platform/workspace';
import { FormError } from '../../../ui/FormError';
import { TextField } from '../../../ui/TextField';
import { workspaceFailureWords } from '../../../team/model/workspace-words';
import { refreshWorkspaces } from '../../../team/commands/workspaces-store';
import { splitErrors, type FieldErrors } from '../../../parts/profiles/fieldErrors';

/** The fields of `workspace:create` and `workspace:join`, by the names their schemas use. */
type FieldName =
  'name' | 'adminName' | 'host' | 'port' | 'database' | 'ownerUser' | 'ownerPassword' | 'user' | 'password' | 'caCert';
type Values = Partial<Record<FieldName, string>>;

interface FieldSpec {
  name: FieldName;
  label: string;
  hint?: string;
  secret?: boolean;
  numeric?: boolean;
}

const SERVER: readonly FieldSpec[] = [
  { name: 'host', label: 'Database server', hint: 'Its host name or IP address, with no https:// and no port.' },
  { name: 'port', label: 'Port', hint: 'PostgreSQL’s usual port is 5432.', numeric: true },
  { name: 'database', label: 'Database', hint: 'Lower-case letters, digits and _.' },
];

interface FormSpec {
  title: string;
  intro: string;
  fields: readonly FieldSpec[];
  submit: string;
  busy: string;
  call(v: Values, caCert: string | undefined): Promise<Result<WorkspaceSummary>>;
}

export type ConnectKind = 'create' | 'join';

const FORMS: Record<ConnectKind, FormSpec> = {
  create: {
    title: 'Create a workspace',
    intro:
      'You become its first admin. You need an empty PostgreSQL database and its owner’s login; the owner’s password is used once and not kept.',
    fields: [
      { name: 'name', label: 'Workspace name', hint: 'What your team calls it, such as “Acme Treasury”.' },
      { name: 'adminName', label: 'Your name', hint: 'As your team will see it on approvals.' },
      ...SERVER,
      {
        name: 'ownerUser',
        label: 'Owner’s database role',
        hint: 'The role that owns the database (it may create roles).',
      },
      { name: 'ownerPassword', label: 'Owner’s password', secret: true },
    ],
    submit: 'Create the workspace',
    busy: 'Creating the workspace… Confirm in the app’s own window.',
    call: (v: Values, caCert: string | undefined) =>
      workspaceCalls.create({
        name: v.name ?? '',
        adminName: v.adminName ?? '',
        host: v.host ?? '',
        port: portOf(v.port),
        database: v.database ?? '',
        ownerUser: v.ownerUser ?? '',
        ownerPassword: v.ownerPassword ?? '',
        ...(caCert ? { caCert } : {}),
      }),
  },
  join: {
    title: 'Join a workspace',
    intro:
      'Use the login and password your admin gave you. You will compare the admin key’s fingerprint with your admin before anything is kept.',
    fields: [
      ...SERVER,
      { name: 'user', label: 'Database login', hint: 'Such as acme_m_1a2b3c4d, from your admin.' },
      {
        name: 'password',
        label: 'Password',
        hint: 'From your admin. It is kept in this computer’s keychain.',
        secret: true,
      },
      { name: 'name', label: 'Your name', hint: 'As your team will see it on approvals.' },
    ],
    submit: 'Join the workspace',
    busy: 'Connecting to the workspace… Confirm in the app’s own window.',
    call: (v: Values, caCert: string | undefined) =>
      workspaceCalls.join({
        host: v.host ?? '',
        port: portOf(v.port),
        database: v.database ?? '',
        user: v.user ?? '',
        password: v.password ?? '',
        name: v.name ?? '',
        ...(caCert ? { caCert } : {}),
      }),
  },
};

/** A port as typed; NaN when it is not a whole number, which main's schema refuses with its field named. */
function portOf(text: string | undefined): number {
  const t = (text ?? '').trim();
  return /^\d{1,5}$/.test(t) ? Number(t) : Number.NaN;
}

const FIELD_NAMES: readonly FieldName[] = [
  'name',
  'adminName',
  'host',
  'port',
  'database',
  'ownerUser',
  'ownerPassword',
  'user',
  'password',
  'caCert',
];

/**
 * Creating or joining a team workspace. Everything typed stays in the form through a failure (the
 * passwords too, to try again), and the fields are read-only while main connects, so the answer
 * always matches what is shown. Main asks its own window before a password leaves this computer.
 */
export function ConnectForm({ kind, hidden }: { kind: ConnectKind; hidden?: boolean }) {
  const form = FORMS[kind];
  const [values, setValues] = useState<Values>({ port: '5432' });
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (name: FieldName) => `ws-${kind}-${name}`;

  const change = (name: FieldName, value: string) => {
    if (busy) return;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const show = (error: IpcError) => {
    const split = splitErrors(error, FIELD_NAMES);
    setErrors(split.fields);
    setFailure(split.other === null ? null : workspaceFailureWords(error));
    const first = form.fields.find((f) => split.fields[f.name]);
    if (first) document.getElementById(id(first.name))?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setErrors({});
    const caCert = (values.caCert ?? '').trim() || undefined;
    const r = await form.call(values, caCert);
    setBusy(false);
    if (!r.ok) return show(r.error);
    // Joined: the passwords leave this form; main keeps the member's in the keychain.
    setValues({ port: '5432' });
    await refreshWorkspaces();
  };

  return (
    <form
      className="form settings-ws__connect"
      aria-label={form.title}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={busy || undefined}
      hidden={hidden}
    >
      <p className="panel__intro">{form.intro}</p>
      {form.fields.map((f) => (
        <TextField
          key={f.name}
          id={id(f.name)}
          label={f.label}
          {...(f.hint ? { hint: f.hint } : {})}
          error={errors[f.name]}
          type={f.secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          inputMode={f.numeric ? 'numeric' : undefined}
          value={values[f.name] ?? ''}
          readOnly={busy}
          onChange={(ev) => change(f.name, ev.target.value)}
        />
      ))}
      <div className="field">
        <label htmlFor={id('caCert')} className="field__label">
          Company certificate authority (optional)
        </label>
        <textarea
          id={id('caCert')}
          className="field__input settings-ws__pem"
          rows={3}
          spellCheck={false}
          value={values.caCert ?? ''}
          readOnly={busy}
          onChange={(ev) => change('caCert', ev.target.value)}
          aria-invalid={errors.caCert ? true : undefined}
          aria-describedby={`${id('caCert')}-hint${errors.caCert ? ` ${id('caCert')}-error` : ''}`}
        />
        {errors.caCert ? (
          <p id={`${id('caCert')}-error`} className="field__error" role="alert">
            {errors.caCert}
          </p>
        ) : null}
        <p id={`${id('caCert')}-hint`} className="field__hint">
          Paste it (PEM, “-----BEGIN CERTIFICATE-----”) only when your company signs the server’s certificate itself. A
          remote server always needs TLS; a server on this computer does not.
        </p>
      </div>
      <div aria-live="polite" className="form__live">
        {busy ? <p className="form__progress">{form.busy}</p> : null}
      </div>
      <FormError message={failure} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Connecting…' : form.submit}
        </button>
      </div>
    </form>
  );
}
