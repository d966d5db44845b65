import type { AccountForecast } from '../../forecast/model/forecast';
import { isoDay } from '../../forecast/model/days';
import { money } from '../../model/format';

const W = 320;
const H = 90;
const PAD = 6;

/**
 * The account's 30 end-of-day balances as a line, with zero and the lowest point marked. Pixels
 * only: the amounts stay integer cents in the model; the label and the table carry the numbers.
 */
export function ForecastChart({ f }: { f: AccountForecast }) {
  const values = f.days.map((d) => d.endCents);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, values.length - 1);
  const y = (cents: number) => PAD + ((top - cents) * (H - 2 * PAD)) / span;
  const low = f.days.indexOf(f.lowest);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const label = `${f.name}: from ${money(f.startCents)} today to ${money(values.at(-1) ?? f.startCents)} in 30 days; lowest ${money(f.lowest.endCents)} on ${isoDay(f.lowest.dayMs)}.`;
  return (
    <svg className="forecast-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <line className="forecast-chart__zero" x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} />
      <polyline className="forecast-chart__line" points={points} />
      <circle className="forecast-chart__low" cx={x(low)} cy={y(f.lowest.endCents)} r={3.5} />
    </svg>
  );
}
