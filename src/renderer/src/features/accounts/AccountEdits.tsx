import { useId, useState, type FormEvent } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { canCarryRule, checkCommission, checkName, PRIMARY_NO_RULE } from '../../accounts/model/account-edits';
import { nextCollection } from '../../accounts/model/commission-words';
import { entityWrites } from '../../app/entity-writes';
import { TextField } from '../../ui/TextField';
import { StatusNote } from '../../ui/StatusNote';

export const OFFLINE_EDITS =
  'Offline: renaming and commission rules need the service. Make the change when the connection returns.';
const CLOSED_EDITS = 'This account is closed: a closed account cannot be changed.';

interface Props {
  profileId: string;
  view: VirtualAccountView;
  online: boolean;
}

/**
 * Rename and the commission rule, behind "Edit": an account opens on its balance and activity,
 * and changes are asked for. Each is one `entityWrites` call, online only, checked before
 * sending. Closed again, the forms stay mounted (hidden), so a half-typed change is kept.
 */
export function AccountEdits({ profileId, view, online }: Props) {
  const a = view.virtualAccount;
  const [editing, setEditing] = useState(false);
  const regionId = useId();
  if (a.accountType === 'primary') {
    return (
      <section className="detail-section" aria-label="Changes">
        <h3 className="detail-section__title">Changes</h3>
        <p className="muted">The primary account cannot be renamed or closed here. {PRIMARY_NO_RULE}</p>
      </section>
    );
  }
  if (a.closedAt) {
    return (
      <section className="detail-section" aria-label="Changes">
        <h3 className="detail-section__title">Changes</h3>
        <p className="muted">{CLOSED_EDITS}</p>
      </section>
    );
  }
  return (
    <section className="detail-section" aria-label="Changes">
      <div className="detail-section__head">
        <h3 className="detail-section__title">Changes</h3>
        <button
          type="button"
          className="button"
          aria-expanded={editing}
          aria-controls={regionId}
          onClick={() => setEditing((e) => !e)}
        >
          Edit
        </button>
      </div>
      <div id={regionId} hidden={!editing}>
        {online ? null : (
          <p className="muted" role="note">
            {OFFLINE_EDITS}
          </p>
        )}
        <RenameForm profileId={profileId} view={view} online={online} />
        {canCarryRule(view) ? <CommissionForm profileId={profileId} view={view} online={online} /> : null}
      </div>
    </section>
  );
}

function RenameForm({ profileId, view, online }: { profileId: string; view: VirtualAccountView; online: boolean }) {
  const id = view.virtualAccount.id;
  const [name, setName] = useState(view.virtualAccount.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ text: string; error: boolean } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const checked = checkName(name);
    setError(checked.ok ? undefined : checked.error);
    if (!checked.ok) return;
    setBusy(true);
    const r = await entityWrites.renameVirtualAccount(profileId, id, checked.name);
    setBusy(false);
    setDone(r.ok ? { text: `Renamed to ${checked.name}.`, error: false } : { text: r.error.message, error: true });
  };

  return (
    <form className="form account-form" aria-label="Rename account" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id={`va-name-${id}`}
        label="Name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <SubmitRow label="Rename" busyLabel="Renaming…" busy={busy} online={online} done={done} />
    </form>
  );
}

function CommissionForm({ profileId, view, online }: Props) {
  const id = view.virtualAccount.id;
  const [amount, setAmount] = useState('');
  const [frequency, setFrequency] = useState<'monthly' | 'yearly'>('monthly');
  const [start, setStart] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'start', string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ text: string; error: boolean } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    // A datetime-local value has no zone: the Date constructor reads it in the person's own.
    const startMs = start ? new Date(start).getTime() : NaN;
    // Checked against the time of sending, not the time the screen opened.
    const checked = checkCommission({ amount, frequency, startMs }, Date.now());
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    const r = await entityWrites.setCommissionRule(profileId, id, checked.details);
    setBusy(false);
    if (!r.ok) return setDone({ text: r.error.message, error: true });
    const next = nextCollection(r.value?.commissionRule, Date.now());
    setDone({ text: `Commission rule saved.${next ? ` Next collection ${next}.` : ''}`, error: false });
  };

  return (
    <form className="form account-form" aria-label="Commission rule" onSubmit={(e) => void submit(e)} noValidate>
      <h4 className="account-form__title">
        {view.commissionRule ? 'Change the commission rule' : 'Set a commission rule'}
      </h4>
      <p className="field__hint">A flat fee taken from this account and paid into the primary account.</p>
      <TextField
        id={`va-fee-${id}`}
        label="Fee (USD)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint="For example 25.00"
      />
      <div className="field">
        <label htmlFor={`va-freq-${id}`} className="field__label">
          Every
        </label>
        <select
          id={`va-freq-${id}`}
          className="field__input"
          value={frequency}
          onChange={(e) => setFrequency(e.target.value === 'yearly' ? 'yearly' : 'monthly')}
        >
          <option value="monthly">month (monthly)</option>
          <option value="yearly">year (yearly)</option>
        </select>
      </div>
      <TextField
        id={`va-start-${id}`}
        label="Starts (your time zone)"
        type="datetime-local"
        value={start}
        onChange={(e) => setStart(e.target.value)}
        error={errors.start}
        hint="Now or later; sent to the service in UTC."
      />
      <SubmitRow label="Save commission rule" busyLabel="Saving…" busy={busy} online={online} done={done} />
    </form>
  );
}

/** A form's send button (disabled offline with the reason, and while sending) and what came of it. */
function SubmitRow({
  label,
  busyLabel,
  busy,
  online,
  done,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  online: boolean;
  done: { text: string; error: boolean } | null;
}) {
  return (
    <div className="account-actions">
      <button type="submit" className="button" disabled={!online || busy} title={online ? undefined : OFFLINE_EDITS}>
        {busy ? busyLabel : label}
      </button>
      <StatusNote note={done} />
    </div>
  );
}
