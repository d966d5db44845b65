import { useMemo, useState } from 'react';
import { sentAt, type OutboxRow } from '../../../../shared/outbox';
import { useFinishedRows, useOutboxRows } from '../../outbox/repo/outbox-hooks';
import { reviewLines } from '../../outbox/model/describe';
import { sentMatching } from '../../outbox/model/sent-search';
import { money, timeOfDay } from '../../model/format';
import './outbox.css';

/** How many finished rows the history reads: a treasurer's recent weeks, not the whole archive (the audit log has that). */
const HISTORY_LIMIT = 500;

interface Props {
  profileId: string;
  kind: 'transfer' | 'payment';
}

/**
 * What this computer has sent, newest first, with a search over payee, amount and memo: the
 * "did we already pay them?" a treasurer asks, answered without scrolling the queue.
 */
export function SentHistory({ profileId, kind }: Props) {
  const queue = useOutboxRows(profileId);
  const finished = useFinishedRows(profileId, HISTORY_LIMIT, kind);
  const [query, setQuery] = useState('');
  const sent = useMemo(() => {
    const byId = new Map<string, OutboxRow>();
    for (const r of [...(queue ?? []), ...(finished?.rows ?? [])])
      if (r.kind === kind && r.state === 'sent') byId.set(r.id, r);
    return [...byId.values()].sort((a, b) => sentAt(b) - sentAt(a));
  }, [queue, finished, kind]);
  const shown = useMemo(() => sentMatching(sent, query), [sent, query]);
  const now = Date.now();
  const title = kind === 'transfer' ? 'Transfer history' : 'Payment history';
  const id = `sent-history-${kind}`;
  // A payment's source handle is left out: nearly always the key's own, and plumbing to a treasurer.
  const columns = kind === 'transfer' ? ['From', 'To', 'Memo'] : ['Pay'];

  return (
    <section className="sent-history" aria-labelledby={`${id}-title`}>
      <div className="sent-history__head">
        <h2 id={`${id}-title`} className="outbox__heading">
          {title}
        </h2>
        <label className="sent-history__search">
          <span className="visually-hidden">Search what was sent</span>
          <input
            type="search"
            className="field__input"
            placeholder="Search payee, amount or memo"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      </div>
      {queue === undefined || finished === undefined ? (
        <p className="muted">Loading what was sent…</p>
      ) : sent.length === 0 ? (
        <p className="muted">Nothing sent yet: each {kind} appears here, newest first, once the service confirms it.</p>
      ) : shown.length === 0 ? (
        <p className="muted" role="status">
          No sent {kind} matches “{query.trim()}”. Clear the search to see all {sent.length}.
        </p>
      ) : (
        <>
          <p className="field__hint" aria-live="polite">
            {query.trim() ? `${shown.length} of ${sent.length} sent ${kind}s` : `${sent.length} sent, newest first`}
          </p>
          <div className="sent-history__scroll">
            <table className="sent-history__table">
              <thead>
                <tr>
                  <th scope="col">Sent</th>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="sent-history__amount">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => {
                  const lines = new Map(reviewLines(r));
                  return (
                    <tr key={r.id} data-row={r.id}>
                      <td className="sent-history__when">{timeOfDay(sentAt(r), now)}</td>
                      {columns.map((c) => (
                        <td key={c}>{lines.get(c) ?? ''}</td>
                      ))}
                      <td className="sent-history__amount">{money(r.amountCents)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
