import { ago } from '../../model/format';
import { useActiveConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { SyncStatus } from '../sync-status/SyncStatus';
import { AttentionList } from './AttentionList';
import { CashPanel } from './CashPanel';
import { ForecastPanel } from './ForecastPanel';
import { OutboxPanel } from './OutboxPanel';
import { RecentActivity } from './RecentActivity';
import { SpendPanel } from './SpendPanel';
import { useDashboard } from './useDashboard';
import './dashboard.css';

export function DashboardScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  if (!profileId) return null;
  // key: a fresh dashboard per profile, so nothing of one profile's figures shows on another's.
  return <DashboardFor key={profileId} profileId={profileId} />;
}

/** Where the money is and where it is going: every figure from local data, so it reads offline. */
function DashboardFor({ profileId }: { profileId: string }) {
  const data = useDashboard(profileId);
  const offline = useActiveConnectivity()?.state === 'offline';
  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <div className="screen__row">
        <ScreenHeading>Dashboard</ScreenHeading>
        <SyncStatus profileId={profileId} />
      </div>
      <p className="dashboard__asof">
        {data.asOf === null
          ? 'Accounts not read from the service yet: figures appear after the first sync.'
          : `Balances as of ${ago(data.asOf)}${offline ? ' (offline: showing saved data)' : ''}.`}
      </p>
      <AttentionList items={data.attention} />
      <div className="dashboard__grid">
        <CashPanel cash={data.cash} loading={data.loading} />
        <SpendPanel spend={data.spend} />
        <OutboxPanel outbox={data.outbox} />
        <RecentActivity recent={data.recent} />
      </div>
      <ForecastPanel forecasts={data.forecasts} unplaced={data.unplaced} history={data.spend} />
    </section>
  );
}
