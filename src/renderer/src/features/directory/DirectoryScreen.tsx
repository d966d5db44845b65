import { forActiveProfile } from '../../app/active-profile';
import { useState } from 'react';
import { useConnectivity } from '../../stores/connectivity';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { KeyOwner } from '../../parts/profiles/KeyOwner';
import { DirectoryTabs, type Tab } from './DirectoryTabs';
import { EntitiesPanel } from './EntitiesPanel';
import { HandlesPanel } from './HandlesPanel';
import { MerchantsPanel } from './MerchantsPanel';
import './directory.css';

type TabId = 'handles' | 'merchants' | 'entities';
const TABS: readonly Tab<TabId>[] = [
  { id: 'handles', label: 'Payees' },
  { id: 'merchants', label: 'Merchants' },
  { id: 'entities', label: 'Legal entities and accounts' },
];

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const DirectoryScreen = forActiveProfile(DirectoryFor);

function DirectoryFor({ profileId }: { profileId: string }) {
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const [tab, setTab] = useState<TabId>('handles');
  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading>Directory</ScreenHeading>
      <KeyOwner profileId={profileId} />
      <DirectoryTabs<TabId> tabs={TABS} selected={tab} onSelect={setTab} />
      <div
        role="tabpanel"
        id={`directory-panel-${tab}`}
        aria-labelledby={`directory-tab-${tab}`}
        className="directory-panel"
      >
        {tab === 'handles' ? <HandlesPanel profileId={profileId} online={online} /> : null}
        {tab === 'merchants' ? <MerchantsPanel profileId={profileId} online={online} /> : null}
        {tab === 'entities' ? <EntitiesPanel profileId={profileId} online={online} /> : null}
      </div>
    </section>
  );
}
