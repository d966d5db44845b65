import type { Card } from '../../../../shared/service';
import { useCachedTransactions } from '../../cards/commands/cached-transactions';
import { useCardEvents } from '../../cards/commands/service-reads';
import { dateTime, humanStatus, money } from '../../model/format';
import { TransactionDigest } from '../../ui/TransactionDigest';

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
        <TransactionDigest summary={tx.summary} rows={tx.rows} totalsLabel="Card totals" caption={`Newest ${tx.rows.length} transactions of the card`} empty="No transactions of this card in the cache yet." />
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
