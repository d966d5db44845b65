import { fold } from './query-text';

/**
 * Fuzzy matching for the command palette: every letter of a typed word must appear in the
 * command's words in order, gaps allowed, so "aprv" finds "Approvals" and "gtc" finds "Go to
 * Cards". Among the matches, letters that start words and letters in a row weigh more, so the
 * command a person means comes first rather than the one that merely contains the letters.
 */

const LETTER = 1;
const WORD_START = 8;
const IN_A_ROW = 5;
const GAP = 1;
/** A word matched only in a command's keywords counts for less than one matched in its title. */
const KEYWORD_WEIGHT = 0.75;
/** Between equal matches, the shorter text is the closer one ("Go to Approvals" before "Approve: Transfer … to Payroll"). */
const LENGTH_COST = 0.01;

function isWordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const before = text[i - 1] ?? ' ';
  return !/[\p{L}\p{N}]/u.test(before);
}

/**
 * The best score of `word` as an in-order subsequence of `text` (both folded), or 0 when some
 * letter is missing. Dynamic programming over (letter of word, position in text): each letter
 * takes the best of following the previous letter directly or after a gap, which costs per skipped
 * character; this finds the placement a person would point at, not only the first one.
 */
function wordScore(word: string, text: string): number {
  const n = text.length;
  if (word.length === 0) return 0;
  if (word.length > n) return 0;
  const gain = (j: number) => LETTER + (isWordStart(text, j) ? WORD_START : 0);
  let prev = new Array<number>(n).fill(-Infinity);
  for (let j = 0; j < n; j++) if (text[j] === word[0]) prev[j] = gain(j);
  for (let i = 1; i < word.length; i++) {
    const next = new Array<number>(n).fill(-Infinity);
    // best[i-1][k] - GAP * (j - 1 - k) over k < j - 1, carried along j.
    let afterGap = -Infinity;
    for (let j = 1; j < n; j++) {
      if (j >= 2) afterGap = Math.max(afterGap - GAP, (prev[j - 2] ?? -Infinity) - GAP);
      if (text[j] !== word[i]) continue;
      const direct = (prev[j - 1] ?? -Infinity) + IN_A_ROW;
      const best = Math.max(direct, afterGap);
      if (best > -Infinity) next[j] = best + gain(j);
    }
    prev = next;
  }
  const best = Math.max(...prev);
  // A match far apart still matches: it ranks last rather than vanishing.
  return best === -Infinity ? 0 : Math.max(best - LENGTH_COST * n, 0.1);
}

/**
 * How well `query` matches a command with this title and these keywords: 0 for no match, more
 * for a better one. Each word of the query must match the title or one keyword (in any order of
 * words: "payment new" finds "New payment"); an empty query matches everything equally.
 */
export function fuzzyScore(query: string, title: string, keywords: readonly string[] = []): number {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const folded = fold(title);
  const others = keywords.map(fold);
  let total = 0;
  for (const word of words) {
    const inTitle = wordScore(word, folded);
    const inKeywords = Math.max(0, ...others.map((k) => wordScore(word, k) * KEYWORD_WEIGHT));
    const score = Math.max(inTitle, inKeywords);
    if (score === 0) return 0;
    total += score;
  }
  return total;
}

/**
 * The items that match `query`, best first; items that score the same keep their order, so
 * with nothing typed the list reads as it was given.
 */
export function rankByQuery<T>(
  items: readonly T[],
  query: string,
  textOf: (item: T) => { title: string; keywords?: readonly string[] },
): T[] {
  return items
    .map((item, index) => {
      const { title, keywords } = textOf(item);
      return { item, index, score: fuzzyScore(query, title, keywords) };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((x) => x.item);
}
