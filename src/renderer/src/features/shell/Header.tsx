import { ConnectivityIndicator } from './ConnectivityIndicator';
import { ProfileSwitcher } from './ProfileSwitcher';

export function Header() {
  return (
    <header className="header">
      <span className="header__product">Treasury Desktop</span>
      <div className="header__tools">
        <ProfileSwitcher />
        <ConnectivityIndicator />
      </div>
    </header>
  );
}
