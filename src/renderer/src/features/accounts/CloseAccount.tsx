import { useId, useMemo, useState } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { canClose } from '../../accounts/model/account-edits';
import { transferDestinations } from '../../accounts/model/account-list';
import { queueMoveBalance } from '../../accounts/commands/move-balance';
import { entityWrites } from '../../app/entity-writes';
import { money } from '../../model/format';
import { useModalDialog } from '../../ui/useModalDialog';
import { StatusNote } from '../../ui/StatusNote';

const OFFLINE_CLOSE = 'Offline: closing an account needs the service.';

interface Props {
  profileId: string;
  view: VirtualAccountView;
  all: readonly VirtualAccountView[];
  online: boolean;
}

/** Close the account, after a confirmation that names it and its balance; offers to move the balance first. */
export function CloseAccount({ profileId, view, all, online }: Props) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  if (!canClose(view)) return null;
  return (
    <section className="account-section" aria-label="Close the account">
      <h3 className="account-section__title">Close the account</h3>
      <div className="account-actions">
        <button type="button" className="button button--danger" disabled={!online} title={online ? undefined : OFFLINE_CLOSE} onClick={() => setOpen(true)}>
          Close account…
        </button>
        {online ? null : <span className="muted">{OFFLINE_CLOSE}</span>}
        <StatusNote note={result} />
      </div>
      <CloseDialog
        open={open}
        profileId={profileId}
        view={view}
        all={all}
        onDone={(text, error) => {
          setOpen(false);
          if (text) setResult({ text, error });
        }}
      />
    </section>
  );
}

interface DialogProps {
  open: boolean;
  profileId: string;
  view: VirtualAccountView;
  all: readonly VirtualAccountView[];
  /** Closes the dialog; `text` is what to say beside the button afterwards. */
  onDone(text: string | null, error: boolean): void;
}

function CloseDialog({ open, profileId, view, all, onDone }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const a = view.virtualAccount;
  const balance = view.balance.amountCents;
  const destinations = useMemo(() => transferDestinations(all, a.id), [all, a.id]);
  const [destination, setDestination] = useState('');
  const [moved, setMoved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = destinations.find((d) => d.virtualAccount.id === destination) ?? destinations[0];

  const move = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const row = await queueMoveBalance(profileId, view, chosen);
      setMoved(row.state === 'approved' ? `Queued: ${money(balance)} to ${chosen.virtualAccount.name} will be sent when online.` : `Queued for approval (Approvals): ${money(balance)} to ${chosen.virtualAccount.name}.`);
    } catch (e) {
      setError(`The transfer was not queued: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const close = async () => {
    setBusy(true);
    setError(null);
    const r = await entityWrites.closeVirtualAccount(profileId, a.id);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onDone(`${a.name} is closed.`, false);
  };

  return (
    <dialog
      ref={ref}
      className="dialog dialog--form"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onDone(null, false);
      }}
    >
      <h2 id={titleId} className="dialog__title">
        Close {a.name}?
      </h2>
      <p>
        {a.name} holds {money(balance)}. Closing is final: a closed account cannot be reopened, and nothing moves in or out of it any more.
      </p>
      {balance > 0 && !moved ? (
        <div className="account-move">
          <p>The money stays in a closed account. Move it to another account first:</p>
          {destinations.length === 0 ? (
            <p className="muted">No other open account is saved on this computer.</p>
          ) : (
            <div className="field">
              <label htmlFor={`${titleId}-dest`} className="field__label">
                Move to
              </label>
              <select id={`${titleId}-dest`} className="field__input" value={chosen?.virtualAccount.id ?? ''} onChange={(e) => setDestination(e.target.value)}>
                {destinations.map((d) => (
                  <option key={d.virtualAccount.id} value={d.virtualAccount.id}>
                    {d.virtualAccount.name}
                    {d.virtualAccount.accountType === 'primary' ? ' (primary)' : ''} · {money(d.balance.amountCents)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="button" className="button button--primary" disabled={busy || !chosen} onClick={() => void move()}>
            Move {money(balance)} to another account first
          </button>
        </div>
      ) : null}
      {moved ? (
        <p className="muted" role="status">
          {moved} The account can be closed once the transfer is sent.
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={() => onDone(moved, false)} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void close()}>
          Close account
        </button>
      </div>
    </dialog>
  );
}
