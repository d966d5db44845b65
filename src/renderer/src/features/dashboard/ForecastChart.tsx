import { DAY_MS } from '../../forecast/model/days';
import { stepsOf, type StepItem } from '../../forecast/model/company';
import { HORIZON_DAYS, type ForecastSeries } from '../../forecast/model/forecast';
import { dayOf, money } from '../../model/format';
import { LineChart } from '../../ui/LineChart';

/**
 * A forecast's chart and its words, for an account or for the company: the line from the balance
 * now, its lowest marked, each day with known flows marked as a labelled step, and the steps said
 * again, with their days, to a screen reader.
 */
export function ForecastChart({
  name,
  series,
  steps,
  height,
}: {
  name: string;
  series: ForecastSeries;
  steps: readonly StepItem[];
  height: number;
}) {
  const marks = stepsOf(series, steps);
  const said = [...steps]
    .sort((a, b) => a.day - b.day)
    .map((s) => `${s.step} on ${dayOf(series.days[s.day]?.dayMs ?? 0)}`);
  return (
    <>
      {/* The line starts at the balance now, the figure the words say; each later point is a day's end. */}
      <LineChart
        points={series.points.map((p) => ({ x: p.atMs, y: p.cents }))}
        mark={{
          x: series.lowestIsNow ? (series.points[0]?.atMs ?? series.lowest.dayMs) : series.lowest.dayMs + DAY_MS,
          y: series.lowest.endCents,
        }}
        steps={marks}
        height={height}
        summary={`${name}: from ${money(series.startCents)} now to ${money(series.days.at(-1)?.endCents ?? series.startCents)} at the end of ${HORIZON_DAYS} days; lowest ${money(series.lowest.endCents)} ${series.lowestIsNow ? 'now' : `at the end of ${dayOf(series.lowest.dayMs)}`}.`}
        description={said.length ? `Known flows: ${said.join('; ')}.` : undefined}
      />
      <p data-testid="forecast-words">
        Now {money(series.startCents)} ·{' '}
        {series.lowestIsNow ? (
          <>nothing ahead takes it lower in {HORIZON_DAYS} days</>
        ) : (
          <>
            lowest at the end of a day <span className="forecast__low">{money(series.lowest.endCents)}</span> on{' '}
            {dayOf(series.lowest.dayMs)}
          </>
        )}
        {series.firstNegative ? ` · below zero from ${dayOf(series.firstNegative.dayMs)}` : ''}
      </p>
    </>
  );
}
