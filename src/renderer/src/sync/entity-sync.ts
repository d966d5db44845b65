import type { EndpointName, ListEndpointName, ResponseOf } from '../../../shared/service';
import { serviceCall, type ServiceRequest } from '../platform/service';
import { replaceEntities, type EntityKind } from '../repos/entities-repo';
import { RateGate } from './rate-gate';
import { retrying } from './retrying';
import { SyncFailure, syncFailureOf } from './transaction-source';

type ItemOf<N extends EndpointName> = ResponseOf<N> extends { items: (infer I)[] } ? I : never;

interface KindSpec<N extends ListEndpointName> {
  kind: EntityKind;
  endpoint: N;
  query?: Record<string, string>;
  idOf: (item: ItemOf<N>) => string;
}

const spec = <N extends ListEndpointName>(s: KindSpec<N>) => s as unknown as KindSpec<ListEndpointName>;

/** Every list the other screens (and the pickers) need offline. Closed virtual accounts included. */
export const ENTITY_KINDS: KindSpec<ListEndpointName>[] = [
  spec({ kind: 'card', endpoint: 'listCards', idOf: (c) => c.id }),
  spec({ kind: 'cardGroup', endpoint: 'listCardGroups', idOf: (g) => g.id }),
  spec({
    kind: 'virtualAccount',
    endpoint: 'listVirtualAccounts',
    query: { 'filter:includeClosedAccounts': 'true' },
    idOf: (v) => v.virtualAccount.id,
  }),
  spec({ kind: 'account', endpoint: 'listAccounts', idOf: (a) => a.id }),
  spec({ kind: 'legalEntity', endpoint: 'listLegalEntities', idOf: (l) => l.id }),
  spec({ kind: 'svcHandle', endpoint: 'listSvcHandles', idOf: (h) => h.id }),
  spec({ kind: 'merchant', endpoint: 'listMerchants', idOf: (m) => m.id }),
  spec({ kind: 'cardProduct', endpoint: 'listCardProducts', idOf: (p) => p.id }),
  spec({ kind: 'webhook', endpoint: 'listWebhooks', idOf: (w) => w.id }),
];

/** Pages through one list endpoint to the end. */
async function listAll<N extends ListEndpointName>(
  profileId: string,
  s: KindSpec<N>,
  signal: AbortSignal,
  gate: RateGate,
): Promise<ItemOf<N>[]> {
  const items: ItemOf<N>[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    // Every list endpoint takes `cursor`; the per-endpoint query type cannot follow a generic N.
    const request = { query: { ...s.query, ...(cursor ? { cursor } : {}) } } as unknown as ServiceRequest<
      N & EndpointName
    >;
    const page = await retrying(gate, signal, async () => {
      const r = await serviceCall(profileId, s.endpoint as N & EndpointName, request, { signal });
      if (!r.ok) throw syncFailureOf(r.error);
      return r.value as { items: ItemOf<N>[]; metadata?: { nextCursor?: string } };
    });
    items.push(...page.items);
    const next = page.metadata?.nextCursor;
    if (!next || seen.has(next)) return items;
    seen.add(next);
    cursor = next;
  }
}

export interface EntitySyncResult {
  refreshed: EntityKind[];
  /** Kinds that could not be refreshed, with why; the cached lists stay as they were. */
  failed: { kind: EntityKind; reason: string }[];
}

/** Refreshes every cached list; one kind failing does not stop the others. Offline stops all. */
export async function syncEntities(
  profileId: string,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<EntitySyncResult> {
  const result: EntitySyncResult = { refreshed: [], failed: [] };
  const gate = new RateGate(now);
  for (const s of ENTITY_KINDS) {
    try {
      const asOf = now();
      const items = await listAll(profileId, s, signal, gate);
      await replaceEntities(profileId, s.kind, items, s.idOf, asOf);
      result.refreshed.push(s.kind);
    } catch (error) {
      if (error instanceof SyncFailure && (error.kind === 'offline' || error.kind === 'canceled')) throw error;
      if (signal.aborted) throw new SyncFailure('canceled', 'The sync was canceled.');
      result.failed.push({ kind: s.kind, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
