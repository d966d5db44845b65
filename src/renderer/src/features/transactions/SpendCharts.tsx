import { useEffect, useState } from 'react';
import type { ChartData } from '../../search/index-host';
import { searchClient } from '../../search/search-session';
import { count as fmtCount, dayOf, money, monthOf } from '../../model/format';
import { DataTable } from '../../ui/DataTable';
import { ChartNumbers, LineChart } from '../../ui/LineChart';

interface Props {
  queryId: number;
  count: number;
  /** A card network's descriptor as the merchant's name (the directory's, else cleaned). */
  nameOf(raw: string): string;
  /** Narrows the search to one merchant (a chip the person can remove). */
  onMerchant(raw: string): void;
}

type Bucket = ChartData['buckets'][number];

/**
 * Card spend (model/card-spend.ts) over time and the top merchants of the current result,
 * computed in the worker from the local index, so they work offline. Its periods are the result's
 * (days, weeks or months by its span), where the Dashboard's are calendar months: the caption says. The line has real axes and its numbers in a table beside it;
 * merchants read by name, and the bars carry their figures as text.
 */
export function SpendCharts({ queryId, count, nameOf, onMerchant }: Props) {
  const [data, setData] = useState<ChartData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    searchClient()
      .chart(queryId)
      .then(
        (d) => live && setData(d),
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    return () => {
      live = false;
    };
  }, [queryId, count]);

  if (error)
    return (
      <p className="field__error" role="alert">
        The charts could not be drawn: {error}
      </p>
    );
  if (!data) return <p className="muted">Preparing the charts…</p>;
  if (data.buckets.length === 0) return <p className="muted">No card spend in this result to chart.</p>;
  const top = data.topMerchants[0]?.spendCents ?? 1;
  const period = (b: Bucket) => (data.bucket === 'month' ? monthOf(b.startMs) : dayOf(b.startMs));
  const first = data.buckets[0];
  const last = data.buckets.at(-1);
  const most = data.buckets.reduce((a, b) => (b.spendCents > a.spendCents ? b : a));
  const summary = `Card spend per ${data.bucket} from ${first ? period(first) : ''} to ${last ? period(last) : ''}; the most, ${money(most.spendCents)}, in the ${data.bucket} of ${period(most)}.`;
  return (
    <section className="charts" aria-label="Charts of the current result">
      <figure className="chart">
        <figcaption>
          Card spend per {data.bucket} (UTC) of {fmtCount(count)} transactions
          {data.clamped ? ' (some sums are too large to show exactly)' : ''}
        </figcaption>
        <LineChart
          points={data.buckets.map((b) => ({ x: b.startMs, y: b.spendCents }))}
          summary={summary}
          area
          withZero
        />
        <ChartNumbers>
          <DataTable
            compact
            caption={`Card spend per ${data.bucket}`}
            rows={data.buckets}
            rowKey={(b) => String(b.startMs)}
            columns={[
              {
                id: 'period',
                header:
                  data.bucket === 'month' ? 'Month (UTC)' : `${data.bucket === 'week' ? 'Week from' : 'Day'} (UTC)`,
                minWidth: 100,
                priority: 1,
                rowHeader: true,
                cell: period,
              },
              {
                id: 'spend',
                header: 'Card spend',
                minWidth: 90,
                priority: 1,
                numeric: true,
                cell: (b) => money(b.spendCents),
              },
            ]}
          />
        </ChartNumbers>
      </figure>
      <figure className="chart">
        <figcaption>Top merchants by card spend</figcaption>
        <ol className="bars">
          {data.topMerchants.map((m) => {
            const name = nameOf(m.name);
            return (
              <li key={m.name}>
                <button
                  type="button"
                  className="button button--quiet bars__label"
                  title={`Show only ${name} (${m.name})`}
                  onClick={() => onMerchant(m.name)}
                >
                  {name}
                </button>
                <span
                  className="bars__bar"
                  style={{ width: `${Math.max(2, Math.round((100 * m.spendCents) / top))}%` }}
                />
                <span className="bars__value">
                  {money(m.spendCents)} · {fmtCount(m.count)}
                </span>
              </li>
            );
          })}
        </ol>
      </figure>
    </section>
  );
}
