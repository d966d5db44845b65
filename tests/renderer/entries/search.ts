import { cacheDb } from '../../../src/renderer/src/db/open';
import { rowsAt } from '../../../src/renderer/src/repos/transactions-repo';
import type { TxQuery } from '../../../src/renderer/src/search/model/query';
import { searchClient } from '../../../src/renderer/src/search/search-session';
import { expose } from './expose';
import { searchLane } from './search-lane';

expose({
  ...searchLane,
  async query(q: TxQuery, limit = 50) {
    const a = await searchClient().query(q, limit);
    return { summary: a.summary, ids: a.rows.map((r) => r.id), truncated: a.truncated };
  },
  /** The rows of the first page, read from the cache where the index says they are. */
  async firstRows(q: TxQuery) {
    const a = await searchClient().query(q, 20);
    return (await rowsAt(a.status.profileId ?? '', a.rows)).map((tx) => tx?.id ?? null);
  },
  async save() {
    await searchClient().save();
    return (await cacheDb(searchClient() ? 'demo' : '').searchIndex.toArray()).map((p) => p.name).sort();
  },
  /** Damages the saved index the way a disk or a bug could: bytes flipped in one buffer. */
  async corrupt(profileId: string, part: string) {
    const db = cacheDb(profileId);
    const record = await db.searchIndex.get(part);
    if (!record || !(record.data instanceof ArrayBuffer)) return false;
    const bytes = new Uint8Array(record.data.slice(0));
    for (let i = 0; i < bytes.length; i += 97) bytes[i] = (bytes[i] as number) ^ 0xff;
    await db.searchIndex.put({ name: part, data: bytes.buffer });
    return true;
  },
});
