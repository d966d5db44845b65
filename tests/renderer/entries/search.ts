import { cacheDb } from '../../../src/renderer/src/db/open';
import { loadIndexParts, saveIndexParts } from '../../../src/renderer/src/repos/search-index-repo';
import { rowsAt } from '../../../src/renderer/src/repos/transactions-repo';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
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
  /** Saves; the parts saved, and the records the cache database holds for them (the file's mark). */
  async save() {
    await searchClient().save();
    const profileId = 'demo';
    const names = (parts: { name: string }[]) => parts.map((p) => p.name).sort();
    return {
      parts: names(await loadIndexParts(profileId)),
      records: names(await cacheDb(profileId).searchIndex.toArray()),
    };
  },
  /** Damages the saved index the way a disk or a bug could: bytes flipped in one buffer. */
  async corrupt(profileId: string, part: string) {
    const parts = await loadIndexParts(profileId);
    const record = parts.find((p) => p.name === part);
    if (!record || !(record.data instanceof ArrayBuffer)) return false;
    const bytes = new Uint8Array(record.data.slice(0));
    for (let i = 0; i < bytes.length; i += 97) bytes[i] = (bytes[i] as number) ^ 0xff;
    record.data = bytes.buffer;
    await saveIndexParts(profileId, parts);
    return true;
  },
});
