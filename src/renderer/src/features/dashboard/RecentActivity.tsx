import { useMerchantNames } from '../../directory/commands/merchant-names';
import { day, money } from '../../model/format';
import type { DashboardData } from './useDashboard';
import { Panel } from './Panel';

/** The newest cached transactions, merchants by name. */
export function RecentActivity({ profileId, recent }: { profileId: string; recent: DashboardData['recent'] }) {
  const names = useMerchantNames(profileId);
  return (
    <Panel title="Recent activity">
      {recent.state === 'loading' ? (
        <p>Reading the saved transactions…</p>
      ) : recent.state === 'error' ? (
        <p role="alert">{recent.error}</p>
      ) : recent.rows.length === 0 ? (
        <p>No transactions saved yet.</p>
      ) : (
        <ul className="dashboard__recent" aria-label="Newest transactions">
          {recent.rows.map((tx) => (
            <li key={tx.id}>
              <span className="dashboard__muted">{day(tx.date)}</span>
              <span className="dashboard__desc" title={names.ofTransaction(tx)}>
                {names.ofTransaction(tx)}
              </span>
              <span className={`dashboard__num ${tx.amountCents < 0 ? 'amount--out' : 'amount--in'}`}>
                {money(tx.amountCents)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
