import type { Card, CardEvent } from '../../../../shared/service';
import { useCachedTransactions } from '../../transactions/commands/cached-transactions';
import { useCardEvents } from '../../cards/commands/service-reads';
import { countryWords } from '../../cards/model/words';
import { useMerchantNames } from '../../directory/commands/merchant-names';
import { codeWords, dateTime, money } from '../../model/format';
import { categoryCodeWords, declineWords } from '../../model/transaction-words';
import { DetailSection } from '../../ui/DetailPane';
import { TransactionDigest } from '../../ui/TransactionDigest';

const SHOWN = 20;

/** The card's transactions from the local cache, with the totals of all of them. */
export function CardTransactions({ profileId, card, onOpenAll }: { profileId: string; card: Card; onOpenAll(): void }) {
  const tx = useCachedTransactions(profileId, { cardIds: [card.id] }, SHOWN);
  const names = useMerchantNames(profileId);
  return (
    <DetailSection
      title="Transactions"
      action={
        <button type="button" className="button button--quiet" onClick={onOpenAll}>
          Show all in Transactions
        </button>
      }
    >
      <TransactionDigest
        read={tx}
        nameOf={names.ofTransaction}
        totalsLabel="Card totals"
        caption={(n) => `Newest ${n} transactions of the card`}
        empty="No transactions of this card in the cache yet."
      />
    </DetailSection>
  );
}

/** "Authorization approved · $12.00 · Google Cloud (Computer programming…, MCC 7372) · United States (US)". */
function eventWords(e: CardEvent, merchant: (raw: string) => string): string {
  const parts = [`${codeWords(e.type)} ${e.approved ? 'approved' : 'declined'}`, money(e.amountCents)];
  if (e.merchantName)
    parts.push(
      `${merchant(e.merchantName)}${e.merchantCategoryCode ? ` (${categoryCodeWords(e.merchantCategoryCode)})` : ''}`,
    );
  else if (e.merchantCategoryCode) parts.push(categoryCodeWords(e.merchantCategoryCode));
  if (e.country) parts.push(countryWords(e.country));
  return parts.join(' · ');
}

/** The card's network events (authorizations, reversals, verifications), newest first; those read before stay readable offline. */
export function CardEventsTimeline({ profileId, card, online }: { profileId: string; card: Card; online: boolean }) {
  const events = useCardEvents(profileId, card.id, online);
  const names = useMerchantNames(profileId);
  const reading = online && (events.state === 'loading' || events.state === 'idle');
  return (
    <DetailSection title="Events">
      {!online ? (
        <p className="muted">
          {events.items.length
            ? 'Offline: the events read before. Newer ones show when the connection returns.'
            : 'Offline: no events of this card were read before. They show when the connection returns.'}
        </p>
      ) : null}
      {events.error ? (
        <p className="field__error" role="alert">
          The events could not be read: {events.error}
        </p>
      ) : null}
      {reading && events.items.length === 0 ? <p className="muted">Loading events…</p> : null}
      {online && events.state === 'ready' && events.items.length === 0 ? (
        <p className="muted">No events for this card yet.</p>
      ) : null}
      {events.items.length > 0 ? (
        <ol className="timeline" aria-label="Card events">
          {events.items.map((e) => (
            <li
              key={e.id}
              className={`timeline__item ${e.approved ? 'timeline__item--ok' : 'timeline__item--declined'}`}
            >
              <span className="timeline__when">{dateTime(e.createdAt)}</span>
              <span className="timeline__what">{eventWords(e, names.ofDescriptor)}</span>
              {e.declineReason ? (
                <span className="timeline__reason">Declined: {declineWords(e.declineReason)}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {events.more ? (
        <button type="button" className="button button--quiet" onClick={events.more}>
          Load older events
        </button>
      ) : null}
    </DetailSection>
  );
}
