import { SyncStatus } from '../../parts/sync-status/SyncStatus';
import { useProfiles } from '../../stores/profiles';
import { ConnectivityIndicator } from './ConnectivityIndicator';
import { ProfileSwitcher } from './ProfileSwitcher';

export function Header() {
  const profileId = useProfiles((s) => s.activeProfileId);
  return (
    <header className="header">
      <span className="header__product">Treasury Desktop</span>
      <div className="header__tools">
        {profileId ? <SyncStatus key={profileId} profileId={profileId} /> : null}
        <ProfileSwitcher />
        <ConnectivityIndicator />
      </div>
    </header>
  );
}
