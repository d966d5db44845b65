import { unsentRefusal } from '../outbox/model/unsent';
import { forgetOutbox, unsentSummary } from '../outbox/repo/unsent-repo';
import { senders } from '../outbox/commands/sending';
import { callMain } from '../platform/bridge';
import { runExclusive } from '../platform/locks';
import { forgetProfileCache } from '../repos/cache-repo';
import { useProfiles } from '../stores/profiles';
import { releaseCache } from './cache-handoff';
import type { DataActionResult } from './clear-cache';

/**
 * Settings → "Remove" a live profile: main deletes its key from the keychain and the profile;
 * then its cache, search index file and outbox database are deleted here. The reveal audit main
 * keeps (and its seal in the keychain) stays: it is evidence of who saw which card number.
 *
 * Refused, with why, while the outbox has rows neither exported nor discarded, or rows being
 * sent. The check runs with every sender of the profile stopped (this window's stopped, other
 * windows' kept out by the sender's lock), so no row can start going between the check and the
 * deletion; when the removal does not happen, this window's sender starts again.
 */
export async function removeProfile(profileId: string): Promise<DataActionResult> {
  const hadSender = senders.profiles().includes(profileId);
  await senders.stop(profileId);
  const result = await runExclusive(`outbox-sender:${profileId}`, async (): Promise<DataActionResult> => {
    const refusal = unsentRefusal(await unsentSummary(profileId), 'remove-profile');
    if (refusal) return { ok: false, message: refusal };
    await releaseCache(profileId);
    const r = await callMain((api) => api.profiles.delete({ id: profileId }));
    if (!r.ok) return { ok: false, message: r.error.message };
    useProfiles.getState().apply(r.value);
    try {
      await Promise.all([forgetProfileCache(profileId), forgetOutbox(profileId)]);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        message: `The profile and its key were removed, but its data on this computer could not all be deleted (${why}). Close the app's other windows and restart it.`,
      };
    }
    return { ok: true };
  });
  if (!result.ok && hadSender && useProfiles.getState().profiles.some((p) => p.id === profileId))
    void senders.kick(profileId);
  return result;
}
