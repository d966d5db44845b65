import { useEffect, useState } from 'react';
import type { FeeDetail, Transaction } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { day, humanStatus, money } from '../../model/format';

/** GET /transaction/{id}/fee-details for a fee: what was charged, for which transaction, on which card. */
export function FeeBreakdown({ profileId, tx }: { profileId: string; tx: Transaction }) {
  const [state, setState] = useState<{ items: FeeDetail[] } | { error: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setState(null);
    void serviceCall(profileId, 'getTransactionFeeDetails', { params: { transactionId: tx.id } }, { signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) setState({ items: r.value.items });
      else {
        const offline = r.error.service?.kind === 'network' || r.error.service?.kind === 'timeout';
        setState({ error: offline ? 'The fee breakdown comes from the service: it shows when you are online.' : r.error.message });
      }
    });
    return () => controller.abort();
  }, [profileId, tx.id]);

  if (state === null) return <p className="muted">Loading the fee breakdown…</p>;
  if ('error' in state) return <p className="muted">{state.error}</p>;
  if (state.items.length === 0) return <p className="muted">The service lists no fee details for this transaction.</p>;
  return (
    <ul className="fee-list">
      {state.items.map((f) => (
        <li key={f.id}>
          <strong>{humanStatus(f.feeType)}</strong>: {money(-Math.abs(f.feeAmountCents))}, charged {day(f.dateCharged)}
          {f.originalTransaction ? (
            <>
              {' '}
              for “{f.originalTransaction.description}” ({money(f.originalTransaction.amountCents)})
            </>
          ) : null}
          {f.card ? (
            <>
              {' '}
              on card {f.card.name} •{f.card.last4} ({f.card.status})
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
