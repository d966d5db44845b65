import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatCents, parseCents } from '../../../../shared/money';
import type { Card } from '../../../../shared/service';
import { simulatePurchase } from '../../cards/commands/simulate-purchase';
import { TextField } from '../../ui/TextField';
import './card-secrets.css';

interface Props {
  profileId: string;
  card: Card;
  online: boolean;
}

/**
 * Demo only: "simulate a purchase" with this card, as a merchant's terminal would, so a person
 * can watch spending controls approve or decline and the transaction arrive with the next sync.
 * The screen shows it for the Demo profile only; main refuses it for any other.
 */
export function SimulatePurchase({ profileId, card, online }: Props) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [merchant, setMerchant] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Another card: start over, so an outcome is never read as this card's.
  useEffect(() => {
    setOutcome(null);
    setError(null);
  }, [profileId, card.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = parseCents(amount);
    if (cents === null || cents <= 0) {
      setAmountError('Enter an amount above zero, like 12.34.');
      return;
    }
    setAmountError(undefined);
    setBusy(true);
    setError(null);
    setOutcome(null);
    const r = await simulatePurchase(profileId, card.id, { amountCents: cents, ...(merchant.trim() ? { merchantName: merchant.trim() } : {}) });
    setBusy(false);
    if (!r.ok) {
      setError(r.error.message);
      return;
    }
    const what = `${formatCents(cents)}${merchant.trim() ? ` at ${merchant.trim()}` : ''}`;
    setOutcome(r.value.approved ? `Approved: ${what}. It appears in Transactions after the next sync.` : `Declined: ${what} (${r.value.declineReason ?? 'no reason given'}).`);
  };

  return (
    <form className="card-secrets" aria-label="Simulate a purchase" onSubmit={(e) => void submit(e)} noValidate>
      <p className="card-secrets__note">Demo only: pay with this card as a shop would, to see its spending controls at work.</p>
      <TextField id={`${id}-amount`} label="Amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={amountError} />
      <TextField id={`${id}-merchant`} label="Merchant (optional)" value={merchant} onChange={(e) => setMerchant(e.target.value)} maxLength={200} />
      <div className="card-secrets__actions">
        <button type="submit" className="button" disabled={busy || !online}>
          {busy ? 'Simulating…' : 'Simulate a purchase'}
        </button>
      </div>
      {!online ? <p className="card-secrets__note">The Demo's service is offline (a simulated outage); bring it back to simulate a purchase.</p> : null}
      {outcome ? (
        <p className="card-secrets__note" role="status">
          {outcome}
        </p>
      ) : null}
      {error ? (
        <p className="card-secrets__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
