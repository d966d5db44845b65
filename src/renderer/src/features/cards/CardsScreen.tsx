import { useState } from 'react';
import type { Card } from '../../../../shared/service';
import { useEntities } from '../../repos/entities-hooks';
import { useActiveConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';
import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { CardSecrets } from './CardSecrets';
import { SimulatePurchase } from './SimulatePurchase';

// Stand-in until the real Cards screen (list + detail) lands: the cached cards by name, and the
// chosen one's secrets in a "Card details" region, so CardSecrets can be used and tested.
export function CardsScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  const isDemo = useProfiles((s) => s.profiles.find((p) => p.id === s.activeProfileId)?.kind === 'demo');
  const online = useActiveConnectivity()?.state === 'online';
  const cards = useEntities<Card>(profileId, 'card')?.items ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const open = cards.find((c) => c.id === openId) ?? null;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Cards</ScreenHeading>
      <ComingSoon title="Cards">See your cards, set spending limits, freeze and unfreeze them, and reveal card numbers when needed.</ComingSoon>
      <ul aria-label="Cards">
        {cards.map((c) => (
          <li key={c.id}>
            <button type="button" className="button button--quiet" onClick={() => setOpenId(c.id)}>
              {c.name}
            </button>
          </li>
        ))}
      </ul>
      {open && profileId ? (
        <section aria-label="Card details">
          <h2>{open.name}</h2>
          <CardSecrets profileId={profileId} card={open} online={online} />
          {isDemo ? <SimulatePurchase profileId={profileId} card={open} online={online} /> : null}
        </section>
      ) : null}
    </section>
  );
}
