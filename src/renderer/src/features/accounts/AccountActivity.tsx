import { useMemo } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { useAccountTransactions } from '../../accounts/commands/account-transactions';
import { balanceSeries } from '../../accounts/model/balance-series';
import { count, money } from '../../model/format';
import { TransactionDigest } from '../../ui/TransactionDigest';
import { BalanceChart } from './BalanceChart';

const NEWEST = 15;
const CHART_DAYS = 90;

/** The account's cached transactions (count, totals, the newest rows) and its balance over time. */
export function AccountActivity({ profileId, view, nowMs }: { profileId: string; view: VirtualAccountView; nowMs: number }) {
  const id = view.virtualAccount.id;
  const { all, window } = useAccountTransactions(profileId, id, NEWEST, nowMs, CHART_DAYS);
  const series = useMemo(() => (window.state === 'ready' ? balanceSeries(view.balance.amountCents, window.rows, nowMs, CHART_DAYS) : null), [window, view.balance.amountCents, nowMs]);

  return (
    <>
      <section className="account-section" aria-labelledby={`va-tx-${id}`}>
        <h3 id={`va-tx-${id}`} className="account-section__title">
          Transactions (saved on this computer)
        </h3>
        {all.state === 'loading' ? <p className="muted">Reading the cached transactions…</p> : null}
        {all.state === 'error' ? <p className="field__error">{all.error}</p> : null}
        {all.state === 'ready' && all.summary ? (
          <TransactionDigest
            summary={all.summary}
            rows={all.rows}
            totalsLabel="Account transaction totals"
            caption={`Newest ${all.rows.length} transactions of the account`}
            empty="No transactions of this account in the cache yet."
          />
        ) : null}
      </section>
      <section className="account-section" aria-labelledby={`va-chart-${id}`}>
        <h3 id={`va-chart-${id}`} className="account-section__title">
          Balance over the last {CHART_DAYS} days
        </h3>
        {window.state === 'loading' ? <p className="muted">Reading the cached transactions…</p> : null}
        {window.state === 'error' ? <p className="field__error">{window.error}</p> : null}
        {series ? (
          <>
            <BalanceChart points={series} />
            <p className="field__hint">
              Walked back day by day from the balance now ({money(view.balance.amountCents)}) through the {count(window.rows.length)} cached transactions of the period that move it (posted and
              pending; failed ones and those held for approval do not).
              {window.complete ? '' : ' The period has more transactions than were read: the older part of the chart is approximate.'}
            </p>
          </>
        ) : null}
      </section>
    </>
  );
}
