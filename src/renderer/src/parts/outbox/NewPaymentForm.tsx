import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useKeptField } from '../../stores/kept-drafts';
import type { OutboxRow } from '../../../../shared/outbox';
import type { SvcHandle, VirtualAccountView } from '../../../../shared/service';
import { findHandle, normalHandle } from '../../directory/model/handles';
import { parseDollars } from '../../outbox/model/money-input';
import { useEntities } from '../../repos/entities-hooks';
import { usePaymentPrefill, type PaymentPrefill } from '../../stores/payment-prefill';
import { TextField } from '../../ui/TextField';
import { QueueFooter } from './QueueFooter';
import { SourceBalance } from './SourceBalance';
import { useConnectivity } from '../../stores/connectivity';
import { usePaymentSources } from './usePaymentSources';
import { TechnicalDetails, TechValue } from '../../ui/Fields';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { queueDraft } from '../../team/commands/submit-draft';
import { KINDS } from '../../outbox/model/kinds';

/** The payee's name: the saved directory's, else the one "Pay this handle" brought while the handle is unchanged. */
function payeeName(known: SvcHandle | undefined, typed: string, prefilled: PaymentPrefill | null): string | undefined {
  if (known) return known.name;
  return prefilled && normalHandle(prefilled.svcHandle) === normalHandle(typed) ? prefilled.name : undefined;
}

/** What the person is told about the payee as they type: who it is, or that the directory does not know it. */
function payeeHint(known: SvcHandle | undefined, name: string | undefined, typed: string): string {
  if (known) return `${known.name}, saved in the directory.`;
  if (!typed.trim()) return 'Type a handle, or pick one from the directory.';
  return `${name ? `${name}: ` : ''}not in the saved directory; it is sent to this handle exactly as typed.`;
}

/**
 * A payment to a svc handle, drafted from the cached directory (works offline), with what it
 * leaves in the account it comes from. `onQueued` hears of each row it queues.
 */
export function NewPaymentForm({ profileId, onQueued }: { profileId: string; onQueued(row: OutboxRow): void }) {
  const { handles, sources, accountOf } = usePaymentSources(profileId);
  const virtual = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const prefill = usePaymentPrefill((s) => s.prefill);
  const amountRef = useRef<HTMLInputElement>(null);
  const [prefilled, setPrefilled] = useState<PaymentPrefill | null>(null);
  // Kept while the app runs: leaving Payments and coming back finds what was typed.
  const form = `payment:${profileId}`;
  const [payee, setPayee] = useKeptField(form, 'payee');
  const [sourceId, setSourceId] = useKeptField(form, 'source');
  const [amount, setAmount] = useKeptField(form, 'amount');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // "Pay this handle" on the Directory: start from that payee and let the person type the amount.
  useEffect(() => {
    if (!prefill) return;
    const p = usePaymentPrefill.getState().take(profileId);
    if (!p) return;
    setPrefilled(p);
    setPayee(p.svcHandle);
    setErrors({});
    amountRef.current?.focus();
  }, [prefill, profileId]);

  const known = findHandle(handles, payee);
  const name = payeeName(known, payee, prefilled);
  const parsed = amount ? parseDollars(amount) : null;
  const from = accountOf(sourceId);

  const submitOnce = useSubmitOnce();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const handle = payee.trim().replace(/^@/, '');
    const cents = parseDollars(amount);
    // The kind's own checks (the same a CSV import makes); the amount's are its parser's.
    for (const p of KINDS.payment.validate({ svcHandle: handle, amountCents: cents.ok ? cents.cents : 1 }))
      if (p.field === 'svcHandle') errs['payee'] ??= p.message;
    const source = sources.find((h) => h.id === sourceId);
    if (source && source.svcHandle.toLowerCase() === handle.toLowerCase())
      errs['payee'] = 'Choose a different payee: a handle cannot pay itself.';
    if (!cents.ok) errs['amount'] = cents.error;
    setErrors(errs);
    if (Object.keys(errs).length > 0 || !cents.ok) return;
    const row = await queueDraft(profileId, {
      kind: 'payment',
      // A saved handle typed in another case or with its @ is sent as the directory spells it.
      payload: {
        svcHandle: known?.svcHandle ?? handle,
        amountCents: cents.cents,
        ...(sourceId ? { sourceSvcHandleId: sourceId } : {}),
      },
      labels: { ...(name ? { destination: name } : {}), ...(source ? { source: `@${source.svcHandle}` } : {}) },
    });
    setAmount('');
    onQueued(row);
  };

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submitOnce.once(() => submit(e));
      }}
      aria-label="New payment"
      noValidate
    >
      <TextField
        id="pay-payee"
        label="Pay to (payee handle)"
        list="pay-handles"
        autoComplete="off"
        value={payee}
        onChange={(e) => setPayee(e.target.value)}
        error={errors['payee']}
        hint={payeeHint(known, name, payee)}
      />
      {/* The browser's own combobox: typing filters the saved handles, each shown with its name. */}
      <datalist id="pay-handles">
        {handles.map((h) => (
          <option key={h.id} value={h.svcHandle} label={h.name} />
        ))}
      </datalist>
      <div className="field">
        <label htmlFor="pay-source" className="field__label">
          From handle
        </label>
        <select id="pay-source" className="field__input" value={sourceId} onChange={(e) => setSourceId(e.target.value)}>
          <option value="">The company’s own handle</option>
          {sources.map((h) => (
            <option key={h.id} value={h.id}>
              @{h.svcHandle} ({h.name})
            </option>
          ))}
        </select>
      </div>
      <TextField
        ref={amountRef}
        id="pay-amount"
        label="Amount (USD)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors['amount']}
        hint="For example 99.90"
      />
      <SourceBalance
        profileId={profileId}
        account={from}
        none="The account this handle pays from is not known yet: its balance shows after a sync."
        amountCents={parsed?.ok ? parsed.cents : null}
        asOf={virtual?.asOf ?? null}
        online={online}
        what="payment"
      />
      {known ? (
        <TechnicalDetails
          fields={[
            ['Payee handle id', <TechValue>{known.id}</TechValue>],
            ['Payee account id', <TechValue>{known.accountId}</TechValue>],
            ['From handle id', sourceId ? <TechValue>{sourceId}</TechValue> : undefined],
          ]}
        />
      ) : null}
      <QueueFooter label="Queue payment" submit={submitOnce} />
    </form>
  );
}
