import { money } from '../../model/format';
import './spending.css';

interface Props {
  spentCents: number;
  limitCents: number;
  /** The id of the element that names the bar (the limit's period). */
  labelledBy?: string;
  /** The bar's name when nothing on screen names it (a list cell). */
  label?: string;
  compact?: boolean;
}

/**
 * Spent against a limit as a bar: a track that shows even when nothing is spent (a bare
 * `<meter>` at 0 draws nothing in some themes), a fill for the share used, red past the limit.
 */
export function SpendBar({ spentCents, limitCents, labelledBy, label, compact = false }: Props) {
  const cap = Math.max(limitCents, 1);
  const share = Math.min(spentCents / cap, 1);
  const level = spentCents >= limitCents ? 'over' : share >= 0.75 ? 'high' : 'ok';
  return (
    <div
      className={`spend-bar spend-bar--${level}${compact ? ' spend-bar--compact' : ''}`}
      role="meter"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-valuemin={0}
      aria-valuemax={cap}
      aria-valuenow={Math.min(spentCents, cap)}
      aria-valuetext={`${money(spentCents)} of ${money(limitCents)}`}
    >
      <span className="spend-bar__fill" style={{ width: `${(share * 100).toFixed(2)}%` }} />
    </div>
  );
}
