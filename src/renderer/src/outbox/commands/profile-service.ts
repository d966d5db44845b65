import { useProfiles } from '../../stores/profiles';
import { serviceOf } from '../model/approval-binding';

/** The service a profile sends to now, as approvals are bound to it; null when the profile is gone or its address is unusable. */
export function profileService(profileId: string): string | null {
  const profile = useProfiles.getState().profiles.find((p) => p.id === profileId);
  if (!profile) return null;
  try {
    return serviceOf(profile);
  } catch {
    return null;
  }
}

/** The same, for a command a person started: a clear refusal when there is no service to bind to. */
export function requireProfileService(profileId: string): string {
  const service = profileService(profileId);
  if (service === null)
    throw new Error(
      'This profile is no longer set up on this computer (deleted, or its address is not valid): nothing was changed.',
    );
  return service;
}

/** The service of the profile, for a screen that shows what an approval will be for. */
export function useProfileService(profileId: string): string | null {
  const profile = useProfiles((s) => s.profiles.find((p) => p.id === profileId));
  if (!profile) return null;
  try {
    return serviceOf(profile);
  } catch {
    return null;
  }
}
