import { useId, useState } from 'react';
import type { Card, CardGroup, Merchant, Transaction } from '../../../../shared/service';
import { parseCents } from '../../../../shared/money';
import { describeMcc, isMcc, MCC_DESCRIPTIONS } from '../../../../shared/spending/merchant-categories';
import { FormError } from '../../ui/FormError';
import { TextField } from '../../ui/TextField';
import { money } from '../../model/format';
import { checkPurchase, type Purchase, type Verdict } from '../../cards/model/purchase-check';
import { CountrySelect } from './AddEntry';
import './spending.css';

export interface SimulatedOutcome {
  approved: boolean;
  declineReason?: string | undefined;
}

interface Props {
  card: Card;
  group?: CardGroup | undefined;
  /** The card's cached transactions. */
  transactions: readonly Transaction[];
  /** Cached transactions of every card of the group (for the group's limits). */
  groupTransactions?: readonly Transaction[] | undefined;
  fundingBalanceCents?: number | undefined;
  /** Cached merchants, suggested by name; a typed name matches a merchant rule by name or id. */
  merchants?: readonly Merchant[] | undefined;
  /** Unix ms; the screen passes its clock. */
  now: number;
  /** Demo only: sends the purchase to the sandbox's authorization route and returns its answer. */
  onSimulate?(purchase: Purchase): Promise<SimulatedOutcome>;
}

type Errors = Partial<Record<'merchant' | 'mcc' | 'country' | 'amount', string>>;

function verdictTitle(v: Verdict): string {
  return v.approved ? 'Would go through' : 'Would be declined';
}

/**
 * "Would this purchase go through?": a person types a merchant, MCC, country and amount and sees,
 * offline, the verdict of the card's effective constraints and current utilization, and which rule
 * would decline it. In Demo, the same purchase can be sent to the sandbox to see whether it agrees.
 */
export function PurchaseCheck({
  card,
  group,
  transactions,
  groupTransactions,
  fundingBalanceCents,
  merchants = [],
  now,
  onSimulate,
}: Props) {
  const id = useId();
  const [merchant, setMerchant] = useState('');
  const [mcc, setMcc] = useState('');
  const [country, setCountry] = useState('US');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState<{ purchase: Purchase; verdict: Verdict } | null>(null);
  const [simulated, setSimulated] = useState<SimulatedOutcome | null>(null);
  const [simError, setSimError] = useState<string | null>(null);
  const [simBusy, setSimBusy] = useState(false);

  function read(): Purchase | null {
    const e: Errors = {};
    const name = merchant.trim();
    if (!name) e.merchant = 'Type the merchant’s name, such as Uber.';
    const code = mcc.trim();
    if (!isMcc(code))
      e.mcc = code
        ? `“${code}” is not a merchant category code: use four digits, such as 5812.`
        : 'Type the merchant category code, such as 5812.';
    if (!country) e.country = 'Choose the country of the purchase.';
    const cents = parseCents(amount);
    if (cents === null || cents <= 0)
      e.amount = amount.trim()
        ? `“${amount}” is not an amount above zero: use digits with at most two decimals.`
        : 'Type the amount, such as 42.50.';
    setErrors(e);
    if (Object.keys(e).length || cents === null) return null;
    // A known merchant is matched as the network does: by name in any case, and its id counts too.
    const known = merchants.find((m) => m.name.toLowerCase() === name.toLowerCase());
    return {
      merchantName: known?.name ?? name,
      ...(known ? { merchantId: known.id } : {}),
      mcc: code,
      country,
      amountCents: cents,
    };
  }

  const run = () => {
    setSimulated(null);
    setSimError(null);
    const purchase = read();
    if (!purchase) {
      setChecked(null);
      return;
    }
    setChecked({
      purchase,
      verdict: checkPurchase(purchase, {
        card,
        group,
        transactions,
        groupTransactions,
        fundingBalanceCents,
        merchants,
        nowMs: now,
      }),
    });
  };

  async function simulate() {
    if (!checked || !onSimulate) return;
    setSimBusy(true);
    setSimError(null);
    try {
      setSimulated(await onSimulate(checked.purchase));
    } catch (err) {
      setSimError(`The sandbox did not answer (${err instanceof Error ? err.message : String(err)}); try again.`);
    } finally {
      setSimBusy(false);
    }
  }

  const v = checked?.verdict;
  const predictedReason = v && !v.approved ? v.reason : undefined;
  const agrees =
    simulated && v
      ? simulated.approved === v.approved && (simulated.declineReason ?? undefined) === predictedReason
      : undefined;
  const mccHint = isMcc(mcc.trim()) ? describeMcc(mcc.trim()) : 'Four digits; suggestions show descriptions.';
  return (
    <form
      className="form"
      aria-label="Would this purchase go through?"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      <TextField
        id={`${id}-merchant`}
        label="Merchant"
        list={`${id}-merchants`}
        autoComplete="off"
        value={merchant}
        error={errors.merchant}
        onChange={(e) => setMerchant(e.target.value)}
      />
      <datalist id={`${id}-merchants`}>
        {merchants.slice(0, 200).map((m) => (
          <option key={m.id} value={m.name} />
        ))}
      </datalist>
      <TextField
        id={`${id}-mcc`}
        label="Merchant category code"
        inputMode="numeric"
        list={`${id}-mccs`}
        autoComplete="off"
        value={mcc}
        error={errors.mcc}
        hint={mccHint}
        onChange={(e) => setMcc(e.target.value)}
      />
      <datalist id={`${id}-mccs`}>
        {Object.entries(MCC_DESCRIPTIONS).map(([code, words]) => (
          <option key={code} value={code}>
            {`${code} ${words}`}
          </option>
        ))}
      </datalist>
      <div className="field">
        <label htmlFor={`${id}-country`} className="field__label">
          Country
        </label>
        <CountrySelect
          id={`${id}-country`}
          value={country}
          onChange={setCountry}
          invalid={Boolean(errors.country)}
          describedBy={errors.country ? `${id}-country-error` : undefined}
        />
        {errors.country ? (
          <p id={`${id}-country-error`} className="field__error" role="alert">
            {errors.country}
          </p>
        ) : null}
      </div>
      <TextField
        id={`${id}-amount`}
        label="Amount (USD)"
        inputMode="decimal"
        placeholder="42.50"
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          Check
        </button>
        {onSimulate ? (
          <button type="button" className="button" disabled={!checked || simBusy} onClick={() => void simulate()}>
            Try it in the sandbox
          </button>
        ) : null}
      </div>

      <div className="form__live" aria-live="polite">
        {checked && v ? (
          <div
            className={`spending-verdict ${v.approved ? 'spending-verdict--approved' : 'spending-verdict--declined'}`}
          >
            <p className="spending-verdict__title">
              {verdictTitle(v)}: {money(checked.purchase.amountCents)} at {checked.purchase.merchantName}
            </p>
            {v.approved ? (
              v.caveats.map((c) => <p key={c}>{c}</p>)
            ) : (
              <p>
                {v.words} <span className="spending-verdict__code">({v.reason})</span>
              </p>
            )}
            <p className="field__hint">
              Predicted from the local cache: the card, its group and its synced transactions.
            </p>
          </div>
        ) : null}
        {simulated ? (
          <p className={agrees ? 'form__saved' : 'form__error'} role={agrees ? 'status' : 'alert'}>
            The sandbox{' '}
            {simulated.approved ? 'approved it' : `declined it (${simulated.declineReason ?? 'no reason given'})`}:{' '}
            {agrees
              ? 'it agrees with the prediction.'
              : 'it disagrees with the prediction; the cache may be behind: sync and check again.'}
          </p>
        ) : null}
      </div>
      <FormError message={simError} />
    </form>
  );
}
