import { DIMENSIONS, OPTIONAL_DIMENSIONS, type Dictionaries } from './dimensions';
import { IndexCorruptError } from './errors';
import type { BaseParts, Postings, Strings } from './layout';
import { compareIdsNewestFirst } from './row-order';
import { compareBytes, isWellFormedUtf8 } from './utf8';

/**
 * The structural checks a loaded index must pass before it answers: everything the search code
 * relies on without checking again (order, ranges, references), so damage the checksums missed
 * still ends in IndexCorruptError rather than a crash or a wrong answer.
 */
export function checkParts(parts: BaseParts, dicts: Dictionaries): void {
  for (const step of checkSteps(parts, dicts)) step();
}

/** The same checks as steps of about a tenth of a second a million rows, to run between other work. */
export function checkSteps(parts: BaseParts, dicts: Dictionaries): (() => void)[] {
  const n = parts.rows.dates.length;
  return [
    () => checkStrings(parts.ids, 'ids', true),
    () => checkStrings(parts.terms, 'terms', false),
    () => checkRows(parts, dicts, n),
    () => checkTermOrder(parts.terms),
    () => checkPostings(parts.postings, n),
  ];
}

function fail(detail: string): never {
  throw new IndexCorruptError(detail);
}

function checkStrings(s: Strings, what: string, utf8: boolean): void {
  const { offsets, bytes } = s;
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== bytes.length) fail(`the ${what} do not span their bytes`);
  for (let i = 0; i + 1 < offsets.length; i++) {
    if ((offsets[i + 1] as number) < (offsets[i] as number)) fail(`the ${what} offsets go backwards at ${i}`);
  }
  // Only now is every range known to lie inside the bytes.
  for (let i = 0; utf8 && i + 1 < offsets.length; i++) {
    if (!isWellFormedUtf8(bytes, offsets[i] as number, offsets[i + 1] as number)) fail(`id ${i} is not valid UTF-8`);
  }
}

function checkRows(parts: BaseParts, dicts: Dictionaries, n: number): void {
  const { dates, amounts, hasFee } = parts.rows;
  for (let p = 0; p < n; p++) {
    const d = dates[p] as number;
    if (!Number.isFinite(d)) fail(`row ${p} has no valid date`);
    if (!Number.isSafeInteger(amounts[p])) fail(`row ${p} has an amount that is not whole cents`);
    if ((hasFee[p] as number) > 1) fail(`row ${p} has a fee flag that is neither yes nor no`);
    if (p > 0) {
      const before = dates[p - 1] as number;
      if (before < d || (before === d && compareIdsNewestFirst(parts.ids, p - 1, p) >= 0))
        fail(`rows ${p - 1} and ${p} are out of order`);
    }
  }
  for (const dim of DIMENSIONS) {
    const codes = parts.rows[dim];
    const size = dicts[dim].size;
    const least = OPTIONAL_DIMENSIONS.has(dim) ? 0 : 1;
    for (let p = 0; p < n; p++) {
      const code = codes[p] as number;
      if (code < least || code > size) fail(`row ${p} has an unknown ${dim}`);
    }
  }
}

function checkTermOrder(terms: Strings): void {
  const { offsets, bytes } = terms;
  for (let t = 1; t + 1 < offsets.length; t++) {
    const c = compareBytes(
      bytes,
      offsets[t - 1] as number,
      offsets[t] as number,
      bytes,
      offsets[t] as number,
      offsets[t + 1] as number,
    );
    if (c >= 0) fail(`terms ${t - 1} and ${t} are out of order or repeated`);
  }
}

function checkPostings(postings: Postings, n: number): void {
  const { offsets, list } = postings;
  if (offsets[0] !== 0 || offsets[offsets.length - 1] !== list.length) fail('the postings do not span their list');
  for (let t = 0; t + 1 < offsets.length; t++)
    if ((offsets[t + 1] as number) <= (offsets[t] as number)) fail(`term ${t} has no rows`);
  // Only now is every term's range known to lie inside the list.
  for (let t = 0; t + 1 < offsets.length; t++) {
    const start = offsets[t] as number;
    const end = offsets[t + 1] as number;
    let previous = -1;
    for (let k = start; k < end; k++) {
      const p = list[k] as number;
      if (p <= previous || p >= n) fail(`term ${t} lists row ${p} out of order or out of range`);
      previous = p;
    }
  }
}
