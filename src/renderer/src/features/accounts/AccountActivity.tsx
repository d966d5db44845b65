import { useMemo } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { useAccountTransactions } from '../../accounts/commands/account-transactions';
import { balanceSeries } from '../../accounts/model/balance-series';
import { count, money } from '../../model/format';
import { TransactionDigest } from '../../ui/TransactionDigest';
import { BalanceChart } from './BalanceChart';
import { useMerchantNames } from '../../directory/commands/merchant-names';

const NEWEST = 15;
const CHART_DAYS = 90;

/** The account's balance over time, then its cached transactions (count, totals, the newest rows): what an account opens on. */
export function AccountActivity({
  profileId,
  view,
  nowMs,
}: {
  profileId: string;
  view: VirtualAccountView;
  nowMs: number;
}) {
  const id = view.virtualAccount.id;
  const { all, recent } = useAccountTransactions(profileId, id, NEWEST, nowMs, CHART_DAYS);
  const names = useMerchantNames(profileId);
  const series = useMemo(
    () => (recent.state === 'ready' ? balanceSeries(view.balance.amountCents, recent.rows, nowMs, CHART_DAYS) : null),
    [recent, view.balance.amountCents, nowMs],
  );

  return (
    <>
      <section className="detail-section" aria-labelledby={`va-chart-${id}`}>
        <h3 id={`va-chart-${id}`} className="detail-section__title">
          Balance over the last {CHART_DAYS} days
        </h3>
        {recent.state === 'loading' ? <p className="muted">Reading the cached transactions…</p> : null}
        {recent.state === 'error' ? (
          <p className="field__error" role="alert">
            {recent.error}
          </p>
        ) : null}
        {series ? (
          <>
            <BalanceChart points={series} />
            <p className="field__hint">
              Each day’s closing balance, worked back from today’s ({money(view.balance.amountCents)}) through the{' '}
              {count(recent.rows.length)} transactions of the period that move it (posted and pending; failed ones and
              those held for approval do not).
              {recent.complete
                ? ''
                : ' The period has more transactions than were read: the older part of the chart is approximate.'}
            </p>
          </>
        ) : null}
      </section>
      <section className="detail-section" aria-labelledby={`va-tx-${id}`}>
        <h3 id={`va-tx-${id}`} className="detail-section__title">
          Transactions (as of the last sync)
        </h3>
        <TransactionDigest
          read={all}
          nameOf={names.ofTransaction}
          totalsLabel="Account transaction totals"
          caption={(n) => `Newest ${n} transactions of the account`}
          empty="No transactions of this account in the cache yet."
        />
      </section>
    </>
  );
}
