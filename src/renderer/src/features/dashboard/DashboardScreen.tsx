import { forActiveProfile } from '../../app/active-profile';
import { ago } from '../../model/format';
import { useActiveConnectivity } from '../../stores/connectivity';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { AttentionList } from './AttentionList';
import { CashPanel } from './CashPanel';
import { ForecastPanel } from './ForecastPanel';
import { OutboxPanel } from './OutboxPanel';
import { RecentActivity } from './RecentActivity';
import { SpendPanel } from './SpendPanel';
import { useDashboard } from './useDashboard';
import './dashboard.css';

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const DashboardScreen = forActiveProfile(DashboardFor);

/** Where the money is and where it is going: every figure from local data, so it reads offline. */
function DashboardFor({ profileId }: { profileId: string }) {
  const data = useDashboard(profileId);
  const offline = useActiveConnectivity()?.state === 'offline';
  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading>Dashboard</ScreenHeading>
      <p className="dashboard__asof">
        {data.asOf === null
          ? 'Accounts not read from the service yet: figures appear after the first sync.'
          : `Balances as of ${ago(data.asOf)}${offline ? ' (offline: showing saved data)' : ''}.`}
      </p>
      <AttentionList items={data.attention} />
      <div className="dashboard__grid">
        <CashPanel cash={data.cash} loading={data.loading} after={data.afterQueue} />
        <SpendPanel spend={data.spend} accounts={data.cash.open} now={data.now} />
        <OutboxPanel outbox={data.outbox} />
        <RecentActivity profileId={profileId} recent={data.recent} />
      </div>
      <ForecastPanel forecasts={data.forecasts} company={data.company} unplaced={data.unplaced} history={data.spend} />
    </section>
  );
}
