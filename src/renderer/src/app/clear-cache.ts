import { unsentRefusal } from '../outbox/model/unsent';
import { unsentSummary } from '../outbox/repo/unsent-repo';
import { runExclusive } from '../platform/locks';
import { clearProfileCache } from '../repos/cache-repo';
import { releaseCache, takeBackCache } from './cache-handoff';

export type DataActionResult = { ok: true } | { ok: false; message: string };

/**
 * Settings → "Clear the cache" of a profile: its transactions, search index and entities go,
 * its outbox and saved searches stay. Refused, with why, while the profile has unsent rows that
 * are neither exported nor discarded, or rows being sent (outbox/model/unsent.ts). Nothing is
 * downloaded again here: the profile's next sync (Update now in the top bar, a reconnect, every five minutes)
 * fills the cache from the start.
 */
export async function clearCache(profileId: string, onScreen: boolean): Promise<DataActionResult> {
  const refusal = unsentRefusal(await unsentSummary(profileId), 'clear-cache');
  if (refusal) return { ok: false, message: refusal };
  try {
    await releaseCache(profileId);
    // Held so that a sync in another window cannot write between the clear and its end.
    await runExclusive(`sync:${profileId}`, () => clearProfileCache(profileId));
  } catch (error) {
    return {
      ok: false,
      message: `The cache could not be cleared: ${error instanceof Error ? error.message : String(error)}. Nothing was lost; try again, or restart the app first.`,
    };
  } finally {
    await takeBackCache(profileId, onScreen);
  }
  return { ok: true };
}
