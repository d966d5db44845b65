import { monthWindows } from '../../forecast/model/days';
import { cardSpendLabel } from '../../model/card-spend';
import type { VirtualAccountView } from '../../../../shared/service';
import { money } from '../../model/format';
import { DataTable } from '../../ui/DataTable';
import type { TableColumn } from '../../ui/table-column';
import type { DashboardData } from './useDashboard';
import { Panel } from './Panel';

function comparison(thisMonth: number, lastMonth: number): string {
  if (lastMonth === 0) return thisMonth === 0 ? 'No card spend last month or this month.' : 'No card spend last month.';
  const diff = thisMonth - lastMonth;
  return diff <= 0 ? `${money(-diff)} less than last month so far.` : `${money(diff)} more than all of last month.`;
}

/** Card spend (model/card-spend.ts) this UTC month against the whole of last month, from the cached transactions. */
export function SpendPanel({
  spend,
  accounts,
  now,
}: {
  spend: DashboardData['spend'];
  accounts: readonly VirtualAccountView[];
  now: number;
}) {
  const lastMonth = monthWindows(now).lastMonth.fromMs;
  const label = cardSpendLabel(now);
  // Each open account's share: a purchase naming no account counts for the account its card spends from.
  const spendOf = (v: VirtualAccountView) => spend.byAccount.get(v.virtualAccount.id) ?? 0;
  const columns: TableColumn<VirtualAccountView>[] = [
    {
      id: 'account',
      header: 'Account',
      minWidth: 120,
      priority: 1,
      rowHeader: true,
      cell: (v) => v.virtualAccount.name,
      sortValue: (v) => v.virtualAccount.name,
    },
    {
      id: 'spend',
      header: label,
      minWidth: 230,
      priority: 1,
      numeric: true,
      cell: (v) => money(spendOf(v)),
      sortValue: spendOf,
    },
  ];
  return (
    <Panel title="Card spend">
      {spend.state === 'loading' ? (
        <p>Totalling the saved transactions…</p>
      ) : spend.state === 'error' ? (
        <p role="alert">{spend.error}</p>
      ) : (
        <>
          <dl className="dashboard__pairs">
            <dt>{label}</dt>
            <dd data-testid="card-spend-this-month">{money(spend.thisMonthCents)}</dd>
            <dt>{cardSpendLabel(lastMonth)}</dt>
            <dd>{money(spend.lastMonthCents)}</dd>
          </dl>
          <p>{comparison(spend.thisMonthCents, spend.lastMonthCents)}</p>
          {accounts.length > 0 ? (
            <div className="dashboard__by-account">
              <DataTable
                compact
                columns={columns}
                rows={accounts}
                rowKey={(v) => v.virtualAccount.id}
                label="Card spend by account"
              />
            </div>
          ) : null}
        </>
      )}
      <p className="panel__intro">
        Money out with a card that went through (pending, settled or disputed), fees charged to a card included;
        declines, refunds, reversals, transfers and payments do not count. Months are UTC. The same figure as each
        account’s detail and the Transactions charts.
      </p>
    </Panel>
  );
}
