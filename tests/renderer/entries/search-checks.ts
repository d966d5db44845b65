import { loadIndexParts, saveIndexParts } from '../../../src/renderer/src/repos/search-index-repo';
import { checksum } from '../../../src/renderer/src/search/engine/checksum';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
import { searchClient } from '../../../src/renderer/src/search/search-session';
import { expose } from './expose';
import { searchLane } from './search-lane';

expose({
  ...searchLane,
  async query(q: TxQuery, limit = 50) {
    const a = await searchClient().query(q, limit);
    return { summary: a.summary, ids: a.rows.map((r) => r.id), status: a.status };
  },
  async status() {
    return searchClient().status();
  },
  async save() {
    await searchClient().save();
  },
  /**
   * Damage the checksums cannot see (a writer's bug): the newest and the oldest row's dates
   * swapped, and the checksum written to match, so only the structural checks find it.
   */
  async swapDates(profileId: string) {
    const parts = await loadIndexParts(profileId);
    const rows = parts.find((p) => p.name === 'buffer:rows');
    const meta = parts.find((p) => p.name === 'meta');
    if (!(rows?.data instanceof ArrayBuffer) || typeof meta?.data !== 'string') return false;
    const parsed = JSON.parse(meta.data) as { meta: { rows: number; checksums: Record<string, number> } };
    const data = rows.data.slice(0);
    const dates = new Float64Array(data, 0, parsed.meta.rows);
    [dates[0], dates[dates.length - 1]] = [dates[dates.length - 1] as number, dates[0] as number];
    parsed.meta.checksums.rows = checksum(data);
    rows.data = data;
    meta.data = JSON.stringify(parsed);
    await saveIndexParts(profileId, parts);
    return true;
  },
});
