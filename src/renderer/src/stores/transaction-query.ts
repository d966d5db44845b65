import { create } from 'zustand';
import type { TxQuery } from '../model/tx-query';

/** The search on the Transactions screen, per profile, and the transaction opened in the detail pane. */
interface TransactionQueryStore {
  byProfile: Record<string, TxQuery>;
  selected: Record<string, string | null>;
  set(profileId: string, query: TxQuery): void;
  patch(profileId: string, patch: Partial<TxQuery>): void;
  clearFilters(profileId: string): void;
  select(profileId: string, id: string | null): void;
}

/** Removes keys whose value means "no filter", so two equal searches compare equal. */
export function normalizeQuery(q: TxQuery): TxQuery {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out as TxQuery;
}

export const useTransactionQuery = create<TransactionQueryStore>()((set) => ({
  byProfile: {},
  selected: {},
  set: (profileId, query) => set((s) => ({ byProfile: { ...s.byProfile, [profileId]: normalizeQuery(query) } })),
  patch: (profileId, patch) =>
    set((s) => ({
      byProfile: { ...s.byProfile, [profileId]: normalizeQuery({ ...s.byProfile[profileId], ...patch }) },
    })),
  clearFilters: (profileId) =>
    set((s) => {
      const text = s.byProfile[profileId]?.text;
      return { byProfile: { ...s.byProfile, [profileId]: text ? { text } : {} } };
    }),
  select: (profileId, id) => set((s) => ({ selected: { ...s.selected, [profileId]: id } })),
}));
