import { useState, type FormEvent } from 'react';
import type { SvcHandle } from '../../../../shared/service';
import { parseDollars } from '../../outbox/model/money-input';
import { useEntities } from '../../repos/entities-hooks';
import { TextField } from '../../ui/TextField';
import { QueueFooter } from './QueueFooter';
import { queueDraft } from '../../outbox/commands/submit-draft';
import { KINDS } from '../../outbox/model/kinds';

/** A payment to a svc handle, drafted from the cached directory (works offline). */
export function NewPaymentForm({ profileId }: { profileId: string }) {
  const handles = useEntities<SvcHandle>(profileId, 'svcHandle')?.items ?? [];
  const [payee, setPayee] = useState('');
  const [sourceId, setSourceId] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const errs: Record<string, string> = {};
    const handle = payee.trim().replace(/^@/, '');
    const cents = parseDollars(amount);
    // The kind's own checks (the same a CSV import makes); the amount's are its parser's.
    for (const p of KINDS.payment.validate({ svcHandle: handle, amountCents: cents.ok ? cents.cents : 1 })) if (p.field === 'svcHandle') errs['payee'] ??= p.message;
    const source = handles.find((h) => h.id === sourceId);
    if (source && source.svcHandle.toLowerCase() === handle.toLowerCase()) errs['payee'] = 'Choose a different payee: a handle cannot pay itself.';
    if (!cents.ok) errs['amount'] = cents.error;
    setErrors(errs);
    if (Object.keys(errs).length > 0 || !cents.ok) return;
    const known = handles.find((h) => h.svcHandle.toLowerCase() === handle.toLowerCase());
    const row = await queueDraft(profileId, {
      kind: 'payment',
      payload: { svcHandle: handle, amountCents: cents.cents, ...(sourceId ? { sourceSvcHandleId: sourceId } : {}) },
      labels: { ...(known ? { destination: known.name } : {}), ...(source ? { source: `@${source.svcHandle}` } : {}) },
    });
    setDone(row.state === 'approved' ? 'Queued: it will be sent when online.' : 'Queued for approval (Approvals).');
    setAmount('');
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="New payment" noValidate>
      <TextField id="pay-payee" label="Pay (svc handle)" list="pay-handles" value={payee} onChange={(e) => setPayee(e.target.value)} error={errors['payee']} hint="Type a handle, or pick one from the directory." />
      <datalist id="pay-handles">
        {handles.map((h) => (
          <option key={h.id} value={h.svcHandle}>
            {h.name}
          </option>
        ))}
      </datalist>
      <div className="field">
        <label htmlFor="pay-source" className="field__label">
          From handle
        </label>
        <select id="pay-source" className="field__input" value={sourceId} onChange={(e) => setSourceId(e.target.value)}>
          <option value="">This key’s own handle</option>
          {handles.map((h) => (
            <option key={h.id} value={h.id}>
              @{h.svcHandle} ({h.name})
            </option>
          ))}
        </select>
      </div>
      <TextField id="pay-amount" label="Amount (USD)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors['amount']} hint="For example 99.90" />
      <QueueFooter label="Queue payment" done={done} />
    </form>
  );
}
