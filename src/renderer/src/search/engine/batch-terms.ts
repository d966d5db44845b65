import type { ChunkedU32 } from './growable';
import { carve, postingsSpec, stringsSpec, type Postings, type Strings } from './layout';
import { sortedOrder } from './term-sort';
import type { TermTable } from './term-table';

/** The terms of each row: row r's are rowTerms[rowEnds[r - 1]..rowEnds[r]); order[pos] is the row at batch position pos. */
export interface RowTermLists {
  order: Uint32Array;
  rowEnds: Uint32Array;
  rowTerms: ChunkedU32;
}

/**
 * Turns the words collected per row into the sorted term list and its postings: terms in UTF-8
 * byte order (the order prefix ranges are searched in), each with the ascending batch positions
 * of the rows holding it. Terms only dropped rows held are left out. Postings are placed by a
 * counting sort: the counts were kept while collecting, and rows are visited in position order,
 * so each term's list fills in ascending order.
 */
export function invertTerms(
  table: TermTable,
  lists: RowTermLists,
  rowsDropped: boolean,
): { terms: Strings; postings: Postings } {
  const collected: Strings = { offsets: table.offsets.view(), bytes: table.bytes.view() };
  const collectedCounts = table.close();
  const counts = rowsDropped ? recount(lists, table.size) : collectedCounts;
  const order = sortedOrder(collected);
  let termCount = 0;
  let byteCount = 0;
  let postingCount = 0;
  for (let k = 0; k < order.length; k++) {
    const t = order[k] as number;
    if (counts[t] === 0) continue;
    termCount++;
    byteCount += (collected.offsets[t + 1] as number) - (collected.offsets[t] as number);
    postingCount += counts[t] as number;
  }
  const terms = carve(stringsSpec(termCount, byteCount));
  const postings = carve(postingsSpec(termCount, postingCount));
  // Where each collected term's next posting goes.
  const cursor = new Uint32Array(table.size);
  for (let k = 0, kept = 0, bytesAt = 0, postingsAt = 0; k < order.length; k++) {
    const t = order[k] as number;
    if (counts[t] === 0) continue;
    const start = collected.offsets[t] as number;
    const end = collected.offsets[t + 1] as number;
    terms.bytes.set(collected.bytes.subarray(start, end), bytesAt);
    bytesAt += end - start;
    cursor[t] = postingsAt;
    postingsAt += counts[t] as number;
    kept++;
    terms.offsets[kept] = bytesAt;
    postings.offsets[kept] = postingsAt;
  }
  const { order: rows, rowEnds, rowTerms } = lists;
  const list = postings.list;
  for (let pos = 0; pos < rows.length; pos++) {
    const r = rows[pos] as number;
    const end = rowEnds[r] as number;
    for (let k = r === 0 ? 0 : (rowEnds[r - 1] as number); k < end; k++) {
      const t = rowTerms.at(k);
      const at = cursor[t] as number;
      list[at] = pos;
      cursor[t] = at + 1;
    }
  }
  return { terms, postings };
}

/** Rows holding each term, counting only the rows kept (some were older versions of an id). */
function recount(lists: RowTermLists, termCount: number): Uint32Array {
  const counts = new Uint32Array(termCount);
  const { order, rowEnds, rowTerms } = lists;
  for (let pos = 0; pos < order.length; pos++) {
    const r = order[pos] as number;
    const end = rowEnds[r] as number;
    for (let k = r === 0 ? 0 : (rowEnds[r - 1] as number); k < end; k++) {
      const t = rowTerms.at(k);
      counts[t] = (counts[t] as number) + 1;
    }
  }
  return counts;
}
