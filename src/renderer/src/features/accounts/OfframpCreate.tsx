import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import {
  createBlockedReason,
  currencyWords,
  RAILS,
  railWords,
  STABLECOINS,
  type Rail,
  type Stablecoin,
} from '../../accounts/model/offramp';
import { entityWrites } from '../../app/entity-writes';
import { WriteOutcome } from '../../ui/WriteOutcome';

interface Props {
  profileId: string;
  view: VirtualAccountView;
  online: boolean;
}

export const OFFLINE_CREATE =
  'Offline: creating a wallet needs the service. The wallets shown are the ones kept on this computer.';

/**
 * Choose a rail and a stablecoin, then confirm naming the account. The service's answer is cached
 * in the same step as the call (entityWrites), so the wallet shows at once; a refusal caches nothing.
 */
export function OfframpCreate({ profileId, view, online }: Props) {
  const account = view.virtualAccount;
  const [rail, setRail] = useState<Rail>('ach');
  const [currency, setCurrency] = useState<Stablecoin>('usdc');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const startButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // The confirm step's buttons go away with it (Back, a create that answered): focus goes back to
  // the button that opened it rather than to the page.
  useEffect(() => {
    if (wasConfirming.current && !confirming) startButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const closedReason = createBlockedReason(account.closedAt);
  const reason = closedReason ?? (online ? undefined : OFFLINE_CREATE);
  const off = reason !== undefined || busy;
  const summary = `a ${currencyWords(currency)} wallet paid out by ${railWords(rail)} into ${account.name}`;

  const review = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setConfirming(true);
  };
  const create = async () => {
    setBusy(true);
    setError(null);
    const r = await entityWrites.createOfframpWallet(profileId, {
      virtualAccountId: account.id,
      paymentRail: rail,
      currency,
    });
    setBusy(false);
    setConfirming(false);
    if (!r.ok) return setError(`The wallet was not created: ${r.error.message}`);
    setDone(`Created the wallet: ${summary}.`);
  };

  return (
    <form className="offramp-create" aria-label="Create a wallet" onSubmit={review}>
      <h4 className="offramp-create__title">Create a wallet</h4>
      {reason ? <p className="offramp-note">{reason}</p> : null}
      <ChoiceGroup<Rail>
        legend="Payout rail into the account"
        options={RAILS}
        value={rail}
        onChange={setRail}
        disabled={off || confirming}
      />
      <ChoiceGroup<Stablecoin>
        legend="Stablecoin to receive"
        options={STABLECOINS}
        value={currency}
        onChange={setCurrency}
        disabled={off || confirming}
      />
      {confirming ? (
        <div className="offramp-confirm" role="group" aria-label="Confirm the new wallet">
          <p>{`Create ${summary}? The service gives it deposit addresses at once.`}</p>
          <div className="form__actions">
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
              Back
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={off}
              onClick={() => void create()}
              autoFocus
            >
              {busy ? 'Creating…' : `Create it for ${account.name}`}
            </button>
          </div>
        </div>
      ) : (
        <div className="form__actions">
          <button ref={startButton} type="submit" className="button button--primary" disabled={off}>
            Create wallet…
          </button>
        </div>
      )}
      <WriteOutcome error={error} done={done} />
    </form>
  );
}

interface ChoiceProps<V extends string> {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange(value: V): void;
  disabled: boolean;
}

/** One choice among a few, as radio buttons under a legend (arrow keys move between them). */
function ChoiceGroup<V extends string>({ legend, options, value, onChange, disabled }: ChoiceProps<V>) {
  const name = useId();
  return (
    <fieldset className="offramp-choice" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="field--check">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
