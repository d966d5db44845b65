import type { Webhook } from '../../../../shared/service';
import type { Result } from '../../../../shared/ipc';
import { serviceCall } from '../../platform/service';
import { replaceEntities } from '../../repos/entities-repo';
import { useConnectivity } from '../../stores/connectivity';

const OFFLINE =
  'Offline: the webhooks shown are those saved on this computer. Fetch again when the connection returns.';

export interface FetchedWebhooks {
  /** How many webhooks (active and archived) the service listed. */
  count: number;
  pages: number;
}

/**
 * Pages through `GET /webhook` with the cursor to the end and replaces the cached list with it,
 * "as of" the moment the first page was asked for. The list has no filter, so the pages together
 * are the whole list; a webhook archived or removed elsewhere shows as the service has it. A page
 * that fails leaves the cache as it was: half a new list is never shown.
 */
export async function fetchWebhooks(profileId: string, now: () => number = Date.now): Promise<Result<FetchedWebhooks>> {
  if (useConnectivity.getState().byProfile[profileId]?.state === 'offline')
    return { ok: false, error: { code: 'invalid-argument', message: OFFLINE } };
  const asOf = now();
  const items: Webhook[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const r = await serviceCall(profileId, 'listWebhooks', { query: cursor ? { cursor } : {} });
    if (!r.ok) return r;
    pages += 1;
    items.push(...r.value.items);
    const next = r.value.metadata?.nextCursor;
    // A cursor seen before would loop forever: the list so far is all the service will give.
    if (!next || seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  await replaceEntities(profileId, 'webhook', items, (w) => w.id, asOf);
  return { ok: true, value: { count: items.length, pages } };
}
