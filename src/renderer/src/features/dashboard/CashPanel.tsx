import { money } from '../../model/format';
import type { CashSummary } from '../../forecast/model/inputs';
import type { VirtualAccountView } from '../../../../shared/service';
import { Panel } from './Panel';

function AccountRows({ views }: { views: readonly VirtualAccountView[] }) {
  return (
    <tbody>
      {views.map((v) => (
        <tr key={v.virtualAccount.id}>
          <th scope="row">{v.virtualAccount.name}</th>
          <td className="dashboard__num">{money(v.balance.amountCents)}</td>
          <td className="dashboard__num">{money(v.spend.amountCents)}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** Cash across the open virtual accounts, each with its balance and spend as the service last reported them. */
export function CashPanel({ cash, loading }: { cash: CashSummary; loading: boolean }) {
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
          <p className="panel__intro">Across {cash.open.length} open virtual accounts.</p>
          <table className="table" aria-label="Open virtual accounts">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Balance</th>
                <th scope="col">Spend</th>
              </tr>
            </thead>
            <AccountRows views={cash.open} />
          </table>
        </>
      )}
      {cash.closedWithBalance.length ? (
        <>
          <h3 className="dashboard__subtitle">Closed, still holding money (not in the total)</h3>
          <table className="table" aria-label="Closed virtual accounts with a balance">
            <AccountRows views={cash.closedWithBalance} />
          </table>
        </>
      ) : null}
    </Panel>
  );
}
