/** The offline transaction search engine (runs in the search worker; pure TypeScript). */
export { SearchIndex } from './search-index';
export { SearchResult } from './result';
export { IndexCorruptError, InvalidRowError } from './errors';
export type { IndexedRow, RowRef } from './rows';
export {
  INDEX_FORMAT,
  INDEX_VERSION,
  BUFFER_NAMES,
  type BufferName,
  type StoredIndex,
  type StoredIndexMeta,
} from './storage';
export { chartOf, type ChartData, type ChartBucket } from './chart';
