import { summarizeSeries, type BalancePoint } from '../../accounts/model/balance-series';
import { dayOf, money } from '../../model/format';
import { DataTable } from '../../ui/DataTable';
import { ChartNumbers, LineChart } from '../../ui/LineChart';

/**
 * The end-of-day balance over time, on axes scaled to it, with its summary in words (what a
 * screen reader reads, and what the eye checks) and every day's figure in a table beside it.
 */
export function BalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const summary = summarizeSeries(points);
  if (!summary) return <p className="muted">No days to show.</p>;
  const text = `From ${money(summary.start.endCents)} on ${dayOf(summary.start.dayMs)} to ${money(summary.end.endCents)} on ${dayOf(summary.end.dayMs)}; lowest ${money(summary.lowest.endCents)} on ${dayOf(summary.lowest.dayMs)}, highest ${money(summary.highest.endCents)} on ${dayOf(summary.highest.dayMs)}.`;
  return (
    <figure className="balance-chart">
      <LineChart
        points={points.map((p) => ({ x: p.dayMs, y: p.endCents }))}
        summary={text}
        mark={{ x: summary.lowest.dayMs, y: summary.lowest.endCents }}
      />
      <figcaption className="balance-chart__summary" data-testid="balance-summary">
        {text}
      </figcaption>
      <ChartNumbers>
        <DataTable
          compact
          caption="End-of-day balance, newest first"
          rows={[...points].reverse()}
          rowKey={(p) => String(p.dayMs)}
          columns={[
            {
              id: 'day',
              header: 'Day (UTC)',
              minWidth: 100,
              priority: 1,
              rowHeader: true,
              className: 'nowrap',
              cell: (p) => dayOf(p.dayMs),
            },
            {
              id: 'balance',
              header: 'End of day',
              minWidth: 100,
              priority: 1,
              numeric: true,
              cell: (p) => money(p.endCents),
            },
          ]}
        />
      </ChartNumbers>
    </figure>
  );
}
