import type { IndexStatus, QueryAnswer } from '../../search/index-host';
import { count, money } from '../../model/format';

/** The whole result in numbers: how many, money in, money out, net; and how the index is doing. */
export function ResultSummary({
  answer,
  answeredText,
  status,
}: {
  answer: QueryAnswer | null;
  answeredText: string | null;
  status: IndexStatus | null;
}) {
  if (!status || status.state === 'loading') return <p className="result-summary muted">Loading the search index…</p>;
  if (status.state === 'building') {
    const p = status.progress;
    return (
      <p className="result-summary" aria-live="polite">
        Building the search index from the cached transactions
        {p && p.total ? ` (${Math.round((100 * p.done) / p.total)}%)` : ''}…
        {p ? <progress max={Math.max(1, p.total)} value={p.done} aria-label="Index progress" /> : null}
      </p>
    );
  }
  if (status.state === 'error')
    return (
      <p className="result-summary field__error" role="alert">
        {status.note}
      </p>
    );
  if (!answer) return <p className="result-summary muted">Searching…</p>;
  const s = answer.summary;
  return (
    // Where the index came from and how much of it is saved, for tests and support (not shown);
    // data-answers: the search text this result answers, so a benchmark can tell a stale paint.
    <div
      className="result-summary"
      aria-live="polite"
      data-answers={answeredText ?? ''}
      data-took-ms={Math.round(answer.tookMs)}
      data-index-from={status.loadedFrom}
      data-index-watermark={status.watermark}
      data-index-saved={status.savedWatermark}
    >
      <span>
        <strong>{count(s.count)}</strong> transaction{s.count === 1 ? '' : 's'}
      </span>
      <span>In {money(s.inCents)}</span>
      <span>Out {money(s.outCents)}</span>
      <span>Net {money(s.netCents)}</span>
      {/* How long the search took is a developer's figure: kept for benchmarks, not shown. */}
      {status.note ? <span className="field__hint">{status.note}</span> : null}
    </div>
  );
}
