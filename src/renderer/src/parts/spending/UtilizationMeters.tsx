import { useId } from 'react';
import type { SpendingConstraint, SpendingConstraintView, Transaction } from '../../../../shared/service';
import { dayOrDateTime, money } from '../../model/format';
import { limitMeters } from '../../cards/model/utilization';
import { limitPeriodWords as periodWords } from '../../cards/model/words';
import { SpendBar } from './SpendBar';
import './spending.css';

interface Props {
  constraint: SpendingConstraint | SpendingConstraintView | null | undefined;
  /** Cached transactions of the card, or of every card of the group for a group's limits. */
  transactions: readonly Transaction[];
  /** Unix ms; the screen passes its clock so the meters and their reset dates are testable. */
  now: number;
  /** Whose spend this is, for the labels ("this card", "the group"). */
  scope?: string;
}

/** What a limit counts, as the service counts it (docs/features/cards.md, "What counts toward a limit"): said once under a screen's meters. */
export function SpendCountedNote() {
  return (
    <p className="field__hint">
      Counted: card purchases that are pending, settled or disputed, in the period they were authorized. Not counted:
      declines, reversals, refunds (a refund gives no limit back) and fees charged to the card.
    </p>
  );
}

/**
 * A bar per limit, each limit shown once: its period, spent against the limit in the current
 * period, what is left, and when the period resets. Counted from the local cache, so it is only as fresh as the last sync.
 */
export function UtilizationMeters({ constraint, transactions, now, scope = 'this card' }: Props) {
  const base = useId();
  const meters = limitMeters(constraint, transactions, now);
  if (!meters.length) return <p className="spending-words__empty">No spending limits: {scope} is not capped.</p>;
  return (
    <ul className="spending-rule__entries" aria-label={`Spending of ${scope} against its limits`}>
      {meters.map((m) => {
        const labelId = `${base}-meter-${m.index}`;
        const cap = m.limit.limitAmount.amountCents;
        return (
          <li key={m.index} className="spending-meter">
            <span id={labelId} className="spending-meter__label">
              {periodWords(m.limit)}
            </span>
            <SpendBar spentCents={m.spentCents} limitCents={cap} labelledBy={labelId} />
            <p className="spending-meter__numbers">
              <strong>{money(m.spentCents)}</strong> spent of {money(cap)} ·{' '}
              {m.overCents ? `${money(m.overCents)} over the limit` : `${money(m.remainingCents)} left`} ·{' '}
              {m.nextResetAt ? `resets ${dayOrDateTime(m.nextResetAt)}` : 'never resets'}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
