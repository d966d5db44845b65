import { useEffect, useState } from 'react';
import type { FeeDetail, Transaction } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { openSearch, readRows, searchClient } from '../../search/search-session';
import { cardStatusWords } from '../../cards/model/words';
import { day, money } from '../../model/format';
import { feeTypeWords } from '../../model/transaction-words';
import { DetailSection } from '../../ui/DetailPane';

type Linked = { state: 'loading' } | { state: 'ready'; rows: Transaction[] };

/**
 * The fee rows charged for a transaction as transactions of their own (an outgoing wire's fee,
 * a purchase's foreign exchange fee), read from the cache: the search index knows which rows
 * name which, whichever arrived first, so this reads offline too.
 */
function useLinkedFees(profileId: string, txId: string): Linked {
  const [linked, setLinked] = useState<Linked>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLinked({ state: 'loading' });
    void openSearch(profileId)
      .then(() => searchClient().feeRowsOf(txId))
      .then((refs) => readRows(profileId, refs))
      .then(
        (rows) => live && setLinked({ state: 'ready', rows: rows.filter((r): r is Transaction => r !== undefined) }),
        () => live && setLinked({ state: 'ready', rows: [] }),
      );
    return () => {
      live = false;
    };
  }, [profileId, txId]);
  return linked;
}

type Details = { items: FeeDetail[] } | { error: string } | null;

/** GET /transaction/{id}/fee-details of each id, together; an offline answer says when it shows. */
function useFeeDetails(profileId: string, ids: readonly string[]): Details {
  const [details, setDetails] = useState<Details>(null);
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    setDetails(null);
    void Promise.all(
      key
        .split(',')
        .map((transactionId) =>
          serviceCall(
            profileId,
            'getTransactionFeeDetails',
            { params: { transactionId } },
            { signal: controller.signal },
          ),
        ),
    ).then((answers) => {
      if (controller.signal.aborted) return;
      const failed = answers.find((r) => !r.ok);
      if (failed && !failed.ok) {
        const offline = failed.error.service?.kind === 'network' || failed.error.service?.kind === 'timeout';
        setDetails({
          error: offline
            ? 'The breakdown by fee type comes from the bank: it shows when you are online.'
            : failed.error.message,
        });
      } else setDetails({ items: answers.flatMap((r) => (r.ok ? r.value.items : [])) });
    });
    return () => controller.abort();
  }, [profileId, key]);
  return details;
}

/**
 * What was charged for a transaction: a fee's own breakdown, a wire's fee charged as a row of its
 * own, a purchase's foreign exchange fee. Nothing when no fee is tied to it.
 */
export function FeeBreakdown({
  profileId,
  tx,
  nameOf,
}: {
  profileId: string;
  tx: Transaction;
  nameOf(tx: Transaction): string;
}) {
  const linked = useLinkedFees(profileId, tx.id);
  const separate = linked.state === 'ready' ? linked.rows : [];
  // The service's breakdown is kept under the fee row; a fee is asked about itself.
  const ask = [...(tx.feeInfo ? [tx.id] : []), ...separate.map((f) => f.id)];
  if (ask.length === 0 && tx.fxFeeInfo) ask.push(tx.id);
  const details = useFeeDetails(profileId, linked.state === 'ready' ? ask : []);
  if (linked.state === 'loading' || ask.length === 0) return null;

  return (
    <DetailSection title="Fees">
      {separate.length > 0 ? (
        <ul className="fee-list" aria-label="Fees charged separately">
          {separate.map((f) => (
            <li key={f.id}>
              {nameOf(f)}: {money(f.amountCents)}, {day(f.date)}
            </li>
          ))}
        </ul>
      ) : null}
      {details === null ? <p className="muted">Loading the fee breakdown…</p> : null}
      {details && 'error' in details ? <p className="muted">{details.error}</p> : null}
      {details && 'items' in details && details.items.length === 0 ? (
        <p className="muted">The bank lists no breakdown for this fee.</p>
      ) : null}
      {details && 'items' in details && details.items.length > 0 ? (
        <ul className="fee-list" aria-label="Fee breakdown">
          {details.items.map((f) => (
            <li key={f.id}>
              <strong>{feeTypeWords(f.feeType)}</strong>: {money(-Math.abs(f.feeAmountCents))}, charged{' '}
              {day(f.dateCharged)}
              {f.originalTransaction ? (
                <>
                  {' '}
                  for “{nameOf(f.originalTransaction)}” ({money(f.originalTransaction.amountCents)})
                </>
              ) : null}
              {f.card ? (
                <>
                  {' '}
                  on the card {f.card.name} •{f.card.last4} ({cardStatusWords(f.card.status)})
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </DetailSection>
  );
}
