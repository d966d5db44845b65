import { SearchIndex } from '../../../../src/renderer/src/search/engine';
import { serve } from '../browser/worker-host';

/** Our columnar index, exactly as the app's search worker uses it (index-host.ts): query, then the first page. */
let index: SearchIndex | undefined;

serve({
  readsOnce: true,
  notes: ['SearchIndex from src/renderer/src/search/engine; no glue code'],
  build: (rows) => {
    index = SearchIndex.build(rows);
  },
  details: () => ({ memoryBytes: index?.memoryBytes() ?? 0, size: index?.size ?? 0 }),
  query: (q, limit) => {
    if (!index) throw new Error('query before build');
    const result = index.query(q);
    return { summary: result.summary, ids: index.page(result, 0, limit).map((r) => r.id) };
  },
});
