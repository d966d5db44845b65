import { useCallback, useEffect, useMemo, useState } from 'react';
import { CardEvent, type Utilization } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { upsertEntities } from '../../repos/entities-repo';
import { useEntities } from '../../repos/entities-hooks';

/**
 * Reads a card screen asks of the service while it is open and online: the card's network events
 * (a timeline, paged) and the service's own utilization figure. Events read are kept in the entity
 * cache, so a card's timeline reads offline as it was last seen; the utilization is not kept
 * (offline, the meters computed from the cached transactions stand in).
 */

export interface CardEvents {
  /** The card's events read so far (from the cache), newest first. */
  items: CardEvent[];
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Loads the next (older) page; undefined when there is none. */
  more?: () => void;
}

const NO_EVENTS: unknown[] = [];

/** Cached records that are this card's events; anything else in the cache is passed over. */
function eventsOf(records: readonly unknown[], cardId: string): CardEvent[] {
  const events: CardEvent[] = [];
  for (const r of records) {
    const parsed = CardEvent.safeParse(r);
    if (parsed.success && parsed.data.cardId === cardId) events.push(parsed.data);
  }
  return events.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
}

export function useCardEvents(profileId: string, cardId: string, online: boolean): CardEvents {
  const cached = useEntities<unknown>(profileId, 'cardEvent')?.items ?? NO_EVENTS;
  const items = useMemo(() => eventsOf(cached, cardId), [cached, cardId]);
  const [state, setState] = useState<CardEvents['state']>('idle');
  const [error, setError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);

  const load = useCallback(
    async (from: string | undefined, signal: AbortSignal) => {
      setState('loading');
      const r = await serviceCall(
        profileId,
        'listCardEvents',
        { params: { cardId }, query: from ? { cursor: from } : {} },
        { signal },
      );
      if (signal.aborted) return;
      if (!r.ok) {
        setState('error');
        setError(r.error.message);
        return;
      }
      await upsertEntities(profileId, 'cardEvent', r.value.items, (e) => e.id);
      if (signal.aborted) return;
      setCursor(r.value.metadata?.nextCursor);
      setError(null);
      setState('ready');
    },
    [profileId, cardId],
  );

  const [pager] = useState(() => ({ controller: new AbortController() }));
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    pager.controller = controller;
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load, online, pager]);

  return {
    items,
    state,
    error,
    ...(cursor && online && state !== 'loading' ? { more: () => void load(cursor, pager.controller.signal) } : {}),
  };
}

export type UtilizationOwner = { kind: 'card'; id: string } | { kind: 'group'; id: string };

export interface ServiceUtilization {
  value: Utilization | null;
  error: string | null;
  /** Asks again (after a simulated purchase, say). */
  refresh(): void;
}

/**
 * The service's utilization of a card or a group. A card in a group has none of its own (its
 * spend counts against the group), so the caller asks for the group's instead.
 */
export function useServiceUtilization(
  profileId: string,
  owner: UtilizationOwner | null,
  online: boolean,
  version = 0,
): ServiceUtilization {
  const [value, setValue] = useState<Utilization | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const kind = owner?.kind;
  const id = owner?.id;
  useEffect(() => {
    if (!online || !kind || !id) return;
    const controller = new AbortController();
    const call =
      kind === 'card'
        ? serviceCall(profileId, 'getCardUtilization', { params: { cardId: id } }, { signal: controller.signal })
        : serviceCall(
            profileId,
            'getCardGroupUtilization',
            { params: { cardGroupId: id } },
            { signal: controller.signal },
          );
    void call.then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) {
        setValue(r.value);
        setError(null);
      } else setError(r.error.message);
    });
    return () => controller.abort();
  }, [profileId, kind, id, online, tick, version]);
  return { value, error, refresh: () => setTick((t) => t + 1) };
}
