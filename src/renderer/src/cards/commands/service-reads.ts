import { useCallback, useEffect, useState } from 'react';
import type { CardEvent, Utilization } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';

/**
 * Reads a card screen asks of the service while it is open and online: the card's network events
 * (a timeline, paged) and the service's own utilization figure. They are not cached: offline the
 * screen says so, and the meters computed from the cached transactions stand in.
 */

export interface CardEvents {
  items: CardEvent[];
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Loads the next (older) page; undefined when there is none. */
  more?: () => void;
}

export function useCardEvents(profileId: string, cardId: string, online: boolean): CardEvents {
  const [items, setItems] = useState<CardEvent[]>([]);
  const [state, setState] = useState<CardEvents['state']>('idle');
  const [error, setError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);

  const load = useCallback(
    async (from: string | undefined, signal: AbortSignal, append: boolean) => {
      setState('loading');
      const r = await serviceCall(profileId, 'listCardEvents', { params: { cardId }, query: from ? { cursor: from } : {} }, { signal });
      if (signal.aborted) return;
      if (!r.ok) {
        setState('error');
        setError(r.error.message);
        return;
      }
      setItems((old) => (append ? [...old, ...r.value.items] : r.value.items));
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
    void load(undefined, controller.signal, false);
    return () => controller.abort();
  }, [load, online, pager]);

  return {
    items,
    state,
    error,
    ...(cursor && online && state !== 'loading' ? { more: () => void load(cursor, pager.controller.signal, true) } : {}),
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
export function useServiceUtilization(profileId: string, owner: UtilizationOwner | null, online: boolean, version = 0): ServiceUtilization {
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
        : serviceCall(profileId, 'getCardGroupUtilization', { params: { cardGroupId: id } }, { signal: controller.signal });
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
