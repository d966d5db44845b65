import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from '../../search/index-host';
import { searchClient } from '../../search/search-session';
import { count as fmtCount, money } from '../../model/format';

interface Props {
  queryId: number;
  count: number;
  /** Narrows the search to one merchant (a chip the person can remove). */
  onMerchant(name: string): void;
}

/**
 * Spend over time and the top merchants of the current result, computed in the worker from the
 * local index, so they work offline. uPlot draws the series: ~50 kB, no dependencies, fast on
 * long series (ECharts would add ~1 MB for two charts).
 */
export function SpendCharts({ queryId, count, onMerchant }: Props) {
  const [data, setData] = useState<ChartData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    searchClient()
      .chart(queryId)
      .then((d) => live && setData(d), (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [queryId, count]);

  useEffect(() => {
    const el = host.current;
    if (!el || !data || data.buckets.length === 0) return;
    const xs = data.buckets.map((b) => b.startMs / 1000);
    // The axis is in cents too; only its labels are formatted as money.
    const ys = data.buckets.map((b) => b.spendCents);
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 200,
        series: [{}, { label: 'Spend', stroke: 'currentColor', fill: 'rgba(80,130,220,0.25)', value: (_u, v) => (v === null ? '' : money(Math.round(v))) }],
        axes: [{}, { size: 80, values: (_u, splits) => splits.map((v) => money(Math.round(v))) }],
        legend: { show: false },
      },
      [xs, ys],
      el,
    );
    return () => plot.destroy();
  }, [data]);

  if (error) return <p className="field__error">The charts could not be drawn: {error}</p>;
  if (!data) return <p className="muted">Preparing the charts…</p>;
  if (data.buckets.length === 0) return <p className="muted">No spending in this result to chart.</p>;
  const top = data.topMerchants[0]?.spendCents ?? 1;
  return (
    <section className="charts" aria-label="Charts of the current result">
      <figure className="chart">
        <figcaption>
          Spend per {data.bucket} (UTC) of {fmtCount(count)} transactions{data.clamped ? ' (some sums are too large to show exactly)' : ''}
        </figcaption>
        <div ref={host} className="chart__plot" role="img" aria-label={`Spend per ${data.bucket}, from ${data.buckets[0] ? new Date(data.buckets[0].startMs).toISOString().slice(0, 10) : ''}`} />
      </figure>
      <figure className="chart">
        <figcaption>Top merchants by spend</figcaption>
        <ol className="bars">
          {data.topMerchants.map((m) => (
            <li key={m.name}>
              <button type="button" className="button button--quiet bars__label" title={`Show only ${m.name}`} onClick={() => onMerchant(m.name)}>
                {m.name}
              </button>
              <span className="bars__bar" style={{ width: `${Math.max(2, Math.round((100 * m.spendCents) / top))}%` }} />
              <span className="bars__value">
                {money(m.spendCents)} · {fmtCount(m.count)}
              </span>
            </li>
          ))}
        </ol>
      </figure>
    </section>
  );
}
