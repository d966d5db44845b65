import type { Result } from '../../../../shared/ipc';
import { serviceCall } from '../../platform/service';
import { upsertEntities } from '../../repos/entities-repo';
import { useConnectivity } from '../../stores/connectivity';
import { storableCard } from '../../app/entity-writes';
import { fetchedPage, type FetchedPage } from '../../model/fetched-page';
import { cardFilterProblem, cardListQuery, type CardListFilter } from '../model/card-list';

function refused(message: string): Result<FetchedPage> {
  return { ok: false, error: { code: 'invalid-argument', message } };
}

/**
 * Asks the service for one page of the list as filtered and sorted on screen (with the cursor of
 * the page before) and puts its cards into the profile's cache, so the list on screen shows them
 * at once and keeps them offline. Nothing is sent for a filter the service would refuse.
 */
export async function fetchCardPage(
  profileId: string,
  filter: CardListFilter,
  cursor?: string,
): Promise<Result<FetchedPage>> {
  const problem = cardFilterProblem(filter);
  if (problem) return refused(problem);
  if (useConnectivity.getState().byProfile[profileId]?.state === 'offline') {
    return refused('Offline: the list shows the cards as of the last sync. Fetch again when the connection returns.');
  }
  const r = await serviceCall(profileId, 'listCards', { query: cardListQuery(filter, cursor) });
  if (!r.ok) return r;
  await upsertEntities(profileId, 'card', r.value.items.map(storableCard), (c) => c.id);
  return { ok: true, value: fetchedPage(r.value) };
}
