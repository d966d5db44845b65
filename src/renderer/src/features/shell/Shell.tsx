import type { ComponentType } from 'react';
import { AccountsScreen } from '../accounts/AccountsScreen';
import { ApprovalsScreen } from '../approvals/ApprovalsScreen';
import { CardGroupsScreen } from '../card-groups/CardGroupsScreen';
import { CardsScreen } from '../cards/CardsScreen';
import { DashboardScreen } from '../dashboard/DashboardScreen';
import { DirectoryScreen } from '../directory/DirectoryScreen';
import { PaymentsScreen } from '../payments/PaymentsScreen';
import { SettingsScreen } from '../settings/SettingsScreen';
import { TransactionsScreen } from '../transactions/TransactionsScreen';
import { TransfersScreen } from '../transfers/TransfersScreen';
import { useNavigation } from '../../stores/navigation';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { SendingPausedBanner } from './SendingPausedBanner';
import { SECTIONS, type SectionId } from '../../model/sections';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Sidebar } from './Sidebar';
import { useConnectivityWatch } from './useConnectivityWatch';
import { Commands } from './Commands';
import './shell.css';

const SCREENS: Record<SectionId, ComponentType> = {
  dashboard: DashboardScreen,
  transactions: TransactionsScreen,
  cards: CardsScreen,
  'card-groups': CardGroupsScreen,
  accounts: AccountsScreen,
  transfers: TransfersScreen,
  payments: PaymentsScreen,
  approvals: ApprovalsScreen,
  directory: DirectoryScreen,
  settings: SettingsScreen,
};

/** The app frame once a profile is active: sidebar, header, banner, and the current screen. */
export function Shell() {
  const section = useNavigation((s) => s.section);
  useConnectivityWatch();
  const Screen = SCREENS[section];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar />
      <div className="shell__body">
        <Header />
        <OfflineBanner />
        <SendingPausedBanner />
        <main id="main" className="shell__main" tabIndex={-1}>
          {/* key: a fresh screen (and boundary) per section, so its heading takes focus on open
              and a screen that failed is drawn afresh when it is opened again. */}
          <ErrorBoundary key={section} what={`The ${SECTIONS.find((s) => s.id === section)?.label ?? section} screen`}>
            <Screen />
          </ErrorBoundary>
        </main>
      </div>
      {/* After the screen: its actions are registered before the palette hears of a new section. */}
      <Commands />
    </div>
  );
}
