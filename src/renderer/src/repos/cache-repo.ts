import { deleteCache } from '../db/open';

/** Forgets everything cached for a profile: it was deleted, or the Demo got a new history. */
export async function forgetProfileCache(profileId: string): Promise<void> {
  await deleteCache(profileId);
}
