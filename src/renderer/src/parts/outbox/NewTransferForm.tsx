import { useState, type FormEvent } from 'react';
import type { OutboxRow } from '../../../../shared/outbox';
import type { VirtualAccountView } from '../../../../shared/service';
import { parseDollars } from '../../outbox/model/money-input';
import { useEntities } from '../../repos/entities-hooks';
import { TextField } from '../../ui/TextField';
import { dayStartMs } from '../../model/transaction-filters';
import { money } from '../../model/format';
import { QueueFooter } from './QueueFooter';
import { SourceBalance } from './SourceBalance';
import { useConnectivity } from '../../stores/connectivity';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { queueDraft } from '../../team/commands/submit-draft';
import { KINDS } from '../../outbox/model/kinds';
import { useKeptField } from '../../stores/kept-drafts';

/**
 * A transfer between two of the profile's virtual accounts, drafted from the cache (works
 * offline), with what it leaves in the source. `onQueued` hears of each row it queues.
 */
export function NewTransferForm({ profileId, onQueued }: { profileId: string; onQueued(row: OutboxRow): void }) {
  const cached = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const open = (cached?.items ?? []).filter((v) => !v.virtualAccount.closedAt);
  // Kept while the app runs: leaving Transfers and coming back finds what was typed.
  const form = `transfer:${profileId}`;
  const [source, setSource] = useKeptField(form, 'source');
  const [destination, setDestination] = useKeptField(form, 'destination');
  const [amount, setAmount] = useKeptField(form, 'amount');
  const [memo, setMemo] = useKeptField(form, 'memo');
  const [sendOn, setSendOn] = useKeptField(form, 'sendOn');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const byId = new Map(open.map((v) => [v.virtualAccount.id, v]));
  const parsed = amount ? parseDollars(amount) : null;
  const from = byId.get(source);

  const submitOnce = useSubmitOnce();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!byId.has(source)) errs['source'] = 'Choose the account to send from.';
    if (!byId.has(destination)) errs['destination'] = 'Choose the account to send to.';
    const cents = parseDollars(amount);
    if (!cents.ok) errs['amount'] = cents.error;
    // The kind's own checks (the same a CSV import makes); the amount's are its parser's.
    for (const p of KINDS.transfer.validate({
      source,
      destination,
      amountCents: cents.ok ? cents.cents : 1,
      memo: memo.trim(),
    }))
      if (p.field !== 'amount') errs[p.field] ??= p.message;
    const notBefore = sendOn ? dayStartMs(sendOn) : undefined;
    if (sendOn && notBefore === null) errs['sendOn'] = 'Use a date such as 2026-12-01.';
    setErrors(errs);
    if (Object.keys(errs).length > 0 || !cents.ok) return;
    const src = byId.get(source);
    const dst = byId.get(destination);
    const row = await queueDraft(profileId, {
      kind: 'transfer',
      payload: { source, destination, amountCents: cents.cents, ...(memo.trim() ? { memo: memo.trim() } : {}) },
      ...(notBefore ? { notBefore } : {}),
      labels: {
        ...(src ? { source: src.virtualAccount.name } : {}),
        ...(dst ? { destination: dst.virtualAccount.name } : {}),
      },
    });
    setAmount('');
    setMemo('');
    onQueued(row);
  };

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submitOnce.once(() => submit(e));
      }}
      aria-label="New transfer"
      noValidate
    >
      <AccountSelect
        id="tr-source"
        label="From"
        accounts={open}
        value={source}
        onChange={setSource}
        error={errors['source']}
      />
      <AccountSelect
        id="tr-destination"
        label="To"
        accounts={open}
        value={destination}
        onChange={setDestination}
        error={errors['destination']}
      />
      <TextField
        id="tr-amount"
        label="Amount (USD)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors['amount']}
        hint="For example 1,250.00"
      />
      <SourceBalance
        profileId={profileId}
        account={from}
        none="Choose the account to send from to see its balance."
        amountCents={parsed?.ok ? parsed.cents : null}
        asOf={cached?.asOf ?? null}
        online={online}
        what="transfer"
      />
      <TextField
        id="tr-memo"
        label="Memo (optional)"
        value={memo}
        onChange={(e) => setMemo(e.target.value)}
        error={errors['memo']}
        maxLength={300}
      />
      <TextField
        id="tr-send-on"
        label="Send on (optional, UTC date)"
        type="date"
        value={sendOn}
        onChange={(e) => setSendOn(e.target.value)}
        error={errors['sendOn']}
      />
      <QueueFooter label="Queue transfer" submit={submitOnce} />
      {open.length === 0 ? (
        <p className="field__hint">No virtual accounts are cached yet: they appear after the first sync.</p>
      ) : null}
    </form>
  );
}

function AccountSelect(p: {
  id: string;
  label: string;
  accounts: VirtualAccountView[];
  value: string;
  onChange(id: string): void;
  error: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id} className="field__label">
        {p.label}
      </label>
      <select
        id={p.id}
        className="field__input"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${p.id}-error` : undefined}
      >
        <option value="">Choose an account…</option>
        {p.accounts.map((v) => (
          <option key={v.virtualAccount.id} value={v.virtualAccount.id}>
            {v.virtualAccount.name} — {money(v.balance.amountCents)}
          </option>
        ))}
      </select>
      {p.error ? (
        <p id={`${p.id}-error`} className="field__error" role="alert">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}
