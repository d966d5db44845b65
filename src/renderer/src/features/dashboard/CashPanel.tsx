import type { VirtualAccountView } from '../../../../shared/service';
import { money } from '../../model/format';
import type { CashSummary } from '../../forecast/model/inputs';
import { DataTable } from '../../ui/DataTable';
import type { TableColumn } from '../../ui/table-column';
import { Panel } from './Panel';

function columns(
  rows: readonly VirtualAccountView[],
  after: ReadonlyMap<string, number>,
): TableColumn<VirtualAccountView>[] {
  // What the queue leaves (outbox/model/balance-after.ts), the figure Approvals shows for its last item.
  const afterOf = (v: VirtualAccountView) => after.get(v.virtualAccount.id) ?? v.balance.amountCents;
  const queued = rows.some((v) => afterOf(v) !== v.balance.amountCents);
  return [
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
      id: 'balance',
      header: 'Balance',
      minWidth: 100,
      priority: 1,
      numeric: true,
      cell: (v) => money(v.balance.amountCents),
      sortValue: (v) => v.balance.amountCents,
    },
    // Only while something is queued: otherwise it is the balance again.
    ...(queued
      ? [
          {
            id: 'after',
            header: 'After the queue',
            minWidth: 140,
            priority: 2,
            numeric: true,
            cell: (v: VirtualAccountView) => money(afterOf(v)),
            sortValue: afterOf,
          },
        ]
      : []),
  ];
}

/** Cash across the open virtual accounts, each with its balance as the service last reported it and what the queue leaves in it. */
export function CashPanel({
  cash,
  loading,
  after,
}: {
  cash: CashSummary;
  loading: boolean;
  after: ReadonlyMap<string, number>;
}) {
  const cols = columns(cash.open, after);
  return (
    <Panel title="Cash">
      {loading ? (
        <p>Reading the saved accounts…</p>
      ) : cash.open.length === 0 ? (
        <p>No open virtual accounts saved yet. They appear after a sync.</p>
      ) : (
        <>
          <p className="dashboard__big" aria-label="Total cash">
            {money(cash.totalCents)}
          </p>
          <p className="panel__intro">
            Across {cash.open.length} open virtual accounts.
            {cols.some((c) => c.id === 'after')
              ? ' After the queue: the balance less what is queued, approved or sent since from each account; money coming in counts once it arrives.'
              : ''}
          </p>
          <DataTable
            columns={cols}
            rows={cash.open}
            rowKey={(v) => v.virtualAccount.id}
            label="Open virtual accounts"
          />
        </>
      )}
      {cash.closedWithBalance.length ? (
        <>
          <h3 className="dashboard__subtitle">Closed, still holding money (not in the total)</h3>
          <DataTable
            columns={cols}
            rows={cash.closedWithBalance}
            rowKey={(v) => v.virtualAccount.id}
            label="Closed virtual accounts with a balance"
          />
        </>
      ) : null}
    </Panel>
  );
}
