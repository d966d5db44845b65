import type { ComponentType } from 'react';
import { useProfiles } from '../stores/profiles';

/**
 * A screen of the profile on screen: nothing while there is none, and a fresh instance for each
 * profile (keyed), so nothing of one profile's state shows on another's.
 */
export function forActiveProfile(Screen: ComponentType<{ profileId: string }>): ComponentType {
  return function ActiveProfileScreen() {
    const profileId = useProfiles((s) => s.activeProfileId);
    if (!profileId) return null;
    return <Screen key={profileId} profileId={profileId} />;
  };
}
