import type { Card } from '../../../../shared/service';
import { useCachedTransactions } from '../../cards/commands/cached-transactions';
import { useCardEvents } from '../../cards/commands/service-reads';
import { count, dateTime, day, humanStatus, money } from '../../model/format';

const SHOWN = 20;

/** The card's transactions from the local cache, with the totals of all of them. */
export function CardTransactions({ profileId, card, onOpenAll }: { profileId: string; card: Card; onOpenAll(): void }) {
  const tx = useCachedTransactions(profileId, { cardIds: [card.id] }, SHOWN);
  return (
    <section className="card-section" aria-labelledby={`card-tx-${card.id}`}>
      <div className="card-section__head">
        <h3 id={`card-tx-${card.id}`} className="card-section__title">
          Transactions
        </h3>
        <button type="button" className="button button--quiet" onClick={onOpenAll}>
          Show all in Transactions
        </button>
      </div>
      {tx.state === 'loading' ? <p className="muted">Reading the cached transactions…</p> : null}
      {tx.state === 'error' ? <p className="field__error">{tx.error}</p> : null}
      {tx.state === 'ready' && tx.summary ? (
        <>
          <p className="card-totals" aria-label="Card totals">
            <span>{count(tx.summary.count)} transactions</span>
            <span>
              Out <strong className="amount--out">{money(tx.summary.outCents)}</strong>
            </span>
            <span>
              In <strong className="amount--in">{money(tx.summary.inCents)}</strong>
            </span>
            <span>
              Net <strong>{money(tx.summary.netCents)}</strong>
            </span>
          </p>
          {tx.rows.length === 0 ? (
            <p className="muted">No transactions of this card in the cache yet.</p>
          ) : (
            <table className="card-table">
              <caption className="visually-hidden">Newest {tx.rows.length} transactions of the card</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {tx.rows.map((t) => (
                  <tr key={t.id}>
                    <td>{day(t.date)}</td>
                    <td>
                      {t.description}
                      {t.declineReason ? <span className="muted"> · declined: {humanStatus(t.declineReason)}</span> : null}
                    </td>
                    <td>{humanStatus(t.detailedStatus)}</td>
                    <td className={`num ${t.amountCents < 0 ? 'amount--out' : 'amount--in'}`}>{money(t.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}

/** The card's network events (authorizations, reversals, verifications), newest first. */
export function CardEventsTimeline({ profileId, card, online }: { profileId: string; card: Card; online: boolean }) {
  const events = useCardEvents(profileId, card.id, online);
  return (
    <section className="card-section" aria-labelledby={`card-events-${card.id}`}>
      <h3 id={`card-events-${card.id}`} className="card-section__title">
        Events
      </h3>
      {!online ? <p className="muted">Events are read from the service: they show when the connection returns.</p> : null}
      {events.error ? <p className="field__error">The events could not be read: {events.error}</p> : null}
      {online && events.state === 'loading' && events.items.length === 0 ? <p className="muted">Loading events…</p> : null}
      {online && events.state === 'ready' && events.items.length === 0 ? <p className="muted">No events for this card yet.</p> : null}
      {events.items.length > 0 ? (
        <ol className="timeline" aria-label="Card events">
          {events.items.map((e) => (
            <li key={e.id} className={`timeline__item ${e.approved ? 'timeline__item--ok' : 'timeline__item--declined'}`}>
              <span className="timeline__when">{dateTime(e.createdAt)}</span>
              <span className="timeline__what">
                {e.type} {e.approved ? 'approved' : 'declined'} · {money(e.amountCents)}
                {e.merchantName ? ` · ${e.merchantName}` : ''}
                {e.merchantCategoryCode ? ` (MCC ${e.merchantCategoryCode})` : ''}
                {e.country ? ` · ${e.country}` : ''}
              </span>
              {e.declineReason ? <span className="timeline__reason">Reason: {humanStatus(e.declineReason)}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {events.more ? (
        <button type="button" className="button button--quiet" onClick={events.more}>
          Load older events
        </button>
      ) : null}
    </section>
  );
}
