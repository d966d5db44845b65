import { summarizeSeries, type BalancePoint } from '../../accounts/model/balance-series';
import { day, money } from '../../model/format';

const W = 560;
const H = 160;
const PAD = 8;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The end-of-day balance as an inline SVG line, with its summary in words: the picture is for
 * the eye, the sentence (lowest, highest, start, end) is what a screen reader reads.
 */
export function BalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const summary = summarizeSeries(points);
  if (!summary) return <p className="muted">No days to show.</p>;
  const lo = summary.lowest.endCents;
  const hi = summary.highest.endCents;
  const span = hi - lo || 1;
  const step = points.length > 1 ? (W - 2 * PAD) / (points.length - 1) : 0;
  const y = (cents: number) => PAD + (H - 2 * PAD) * (1 - (cents - lo) / span);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${(PAD + i * step).toFixed(1)},${y(p.endCents).toFixed(1)}`).join(' ');
  const zeroInside = lo < 0 && hi > 0;
  const text = `From ${money(summary.start.endCents)} on ${day(iso(summary.start.dayMs))} to ${money(summary.end.endCents)} on ${day(iso(summary.end.dayMs))}; lowest ${money(lo)} on ${day(iso(summary.lowest.dayMs))}, highest ${money(hi)} on ${day(iso(summary.highest.dayMs))}.`;
  return (
    <figure className="balance-chart">
      <svg viewBox={`0 0 ${W} ${H}`} className="balance-chart__svg" aria-hidden="true" focusable="false">
        {zeroInside ? <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} className="balance-chart__zero" /> : null}
        <path d={path} className="balance-chart__line" />
      </svg>
      <figcaption className="balance-chart__summary" data-testid="balance-summary">
        {text}
      </figcaption>
    </figure>
  );
}
