import { useId, useMemo, useState, type FormEvent } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { canClose } from '../../accounts/model/account-edits';
import { transferDestinations } from '../../accounts/model/account-list';
import { closeBlockedReason, queuedTransfersOut } from '../../accounts/model/close-guard';
import { queueMoveBalance } from '../../accounts/commands/move-balance';
import { entityWrites } from '../../app/entity-writes';
import { money } from '../../model/format';
import { useOutboxRows } from '../../outbox/repo/outbox-hooks';
import { DialogActions } from '../../ui/DialogActions';
import { FormDialog } from '../../ui/FormDialog';
import { FormError } from '../../ui/FormError';

const OFFLINE_CLOSE = 'Offline: closing an account needs the service.';

interface Props {
  profileId: string;
  view: VirtualAccountView;
  all: readonly VirtualAccountView[];
  online: boolean;
  /**
   * Told once the service closed the account. This section is gone then (a closed account offers
   * no close), so the account's details, which stay, say so and take the focus.
   */
  onClosed(text: string): void;
}

/** Close the account, after a confirmation that names it and its balance; offers to move the balance first. */
export function CloseAccount({ profileId, view, all, online, onClosed }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canClose(view)) return null;
  return (
    <section className="detail-section" aria-label="Close the account">
      <h3 className="detail-section__title">Close the account</h3>
      <div className="account-actions">
        <button
          type="button"
          className="button button--danger"
          disabled={!online}
          title={online ? undefined : OFFLINE_CLOSE}
          onClick={() => setOpen(true)}
        >
          Close account…
        </button>
        {online ? null : <span className="muted">{OFFLINE_CLOSE}</span>}
      </div>
      <FormDialog open={open} title={`Close ${view.virtualAccount.name}?`} busy={busy} onCancel={() => setOpen(false)}>
        <CloseForm
          profileId={profileId}
          view={view}
          all={all}
          busy={busy}
          setBusy={setBusy}
          onCancel={() => setOpen(false)}
          onClosed={(text) => {
            setOpen(false);
            onClosed(text);
          }}
        />
      </FormDialog>
    </section>
  );
}

interface FormProps {
  profileId: string;
  view: VirtualAccountView;
  all: readonly VirtualAccountView[];
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onClosed(text: string): void;
}

/** Mounted only while the dialog is open: an error or a "queued" note never outlives it. */
function CloseForm({ profileId, view, all, busy, setBusy, onCancel, onClosed }: FormProps) {
  const id = useId();
  const a = view.virtualAccount;
  const balance = view.balance.amountCents;
  const destinations = useMemo(() => transferDestinations(all, a.id), [all, a.id]);
  const [destination, setDestination] = useState('');
  const [moved, setMoved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = destinations.find((d) => d.virtualAccount.id === destination) ?? destinations[0];
  // The outbox is read live, so a transfer queued here, or earlier, or from Transfers, holds the
  // close until it is sent (or canceled), and reopening the dialog never offers a second move.
  const rows = useOutboxRows(profileId);
  const blocked = rows === undefined ? null : closeBlockedReason(queuedTransfersOut(rows, a.id));

  const move = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const row = await queueMoveBalance(profileId, view, chosen);
      setMoved(
        row.state === 'approved'
          ? `Queued: ${money(balance)} to ${chosen.virtualAccount.name} will be sent when online.`
          : `Queued for approval (Approvals): ${money(balance)} to ${chosen.virtualAccount.name}.`,
      );
    } catch (e) {
      setError(`The transfer was not queued: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const close = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || blocked || rows === undefined) return;
    setBusy(true);
    setError(null);
    const r = await entityWrites.closeVirtualAccount(profileId, a.id);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onClosed(`${a.name} is closed.`);
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void close(e)}>
      <p>
        {a.name} holds {money(balance)}. Closing is final: a closed account cannot be reopened, and nothing moves in or
        out of it any more.
      </p>
      {balance > 0 && !moved && !blocked && rows !== undefined ? (
        <div className="account-move">
          <p>The money stays in a closed account. Move it to another account first:</p>
          {destinations.length === 0 ? (
            <p className="muted">No other open account is known yet: sync first.</p>
          ) : (
            <div className="field">
              <label htmlFor={`${id}-dest`} className="field__label">
                Move to
              </label>
              <select
                id={`${id}-dest`}
                className="field__input"
                value={chosen?.virtualAccount.id ?? ''}
                onChange={(e) => setDestination(e.target.value)}
              >
                {destinations.map((d) => (
                  <option key={d.virtualAccount.id} value={d.virtualAccount.id}>
                    {d.virtualAccount.name}
                    {d.virtualAccount.accountType === 'primary' ? ' (primary)' : ''} · {money(d.balance.amountCents)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !chosen}
            onClick={() => void move()}
          >
            Move {money(balance)} to another account first
          </button>
        </div>
      ) : null}
      {moved ? (
        <p className="muted" role="status">
          {moved}
        </p>
      ) : null}
      {blocked ? (
        <p id={`${id}-blocked`} className="muted" data-testid="close-blocked">
          {blocked}
        </p>
      ) : null}
      <FormError message={error} />
      <DialogActions
        busy={busy}
        label="Close account"
        busyLabel="Closing…"
        danger
        disabled={blocked !== null || rows === undefined}
        describedBy={blocked ? `${id}-blocked` : undefined}
        onCancel={onCancel}
      />
    </form>
  );
}
