import { z } from 'zod';

/**
 * Bounds on the strings of the service's answers, which the app caches and draws. Three kinds:
 * - exact values (ids, addresses, memos a sender must attach): refused when they hold a control
 *   or bidirectional-formatting character, since changing them would change what they name and
 *   drawing them could show one value as another;
 * - text that is only read (names, descriptions, memos): such characters are taken out (a line
 *   break becomes a space), so a right-to-left override in a merchant's name cannot make a row
 *   read as something else, while one odd row does not stop a whole sync;
 * - every string has a length limit, generous for what it holds; an answer past one is refused.
 */

/** Longest id, as the requests take it back (a path parameter has at most 500 characters). */
export const ID_MAX = 500;
/** Names: of a card, an account, a merchant, a webhook. */
export const NAME_MAX = 1000;
/** Descriptions, memos, notes, reasons. */
export const TEXT_MAX = 5000;
/** Dates, codes, last four digits and other short machine values, exact like ids. */
export const CODE_MAX = 200;

// The controls (Cc: U+0000-001F, U+007F-009F), Bidi_Control (ALM, LRM, RLM, the embeddings and
// overrides LRE RLE PDF LRO RLO, the isolates LRI RLI FSI PDI), and the line and paragraph
// separators, which break a line as a control would. Written as ranges, not \p{Cc} with the u
// flag: this runs on every string of every page, and the plain class is several times faster.
// eslint-disable-next-line no-control-regex -- the control characters themselves are the rule.
const NOT_PLAIN_CHAR = /[\x00-\x1f\x7f-\x9f\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069]/;
const FORMATTING_ALL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above.
const BREAKING_ALL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;

/** Whether `value` has no control, bidirectional-formatting or line-separator character. */
export function isPlainText(value: string): boolean {
  return !NOT_PLAIN_CHAR.test(value);
}

/** `value` with bidirectional formatting taken out and controls (line breaks, tabs) made spaces. */
export function cleanText(value: string): string {
  return isPlainText(value) ? value : value.replace(FORMATTING_ALL, '').replace(BREAKING_ALL, ' ');
}

const tooLong = (max: number) => `longer than ${max.toLocaleString('en-US')} characters`;
const NOT_PLAIN = 'holds a control or bidirectional-formatting character';

/** An exact value: refused with a control or formatting character in it, or past `max`. */
export function exactText(max: number) {
  return z.string().max(max, tooLong(max)).refine(isPlainText, NOT_PLAIN);
}

/** Text that is only read: cleaned of controls and formatting, refused past `max`. */
export function shownText(max: number) {
  return z.string().max(max, tooLong(max)).transform(cleanText);
}

export const ServiceId = exactText(ID_MAX);
export const NameText = shownText(NAME_MAX);
export const FreeText = shownText(TEXT_MAX);
export const Code = exactText(CODE_MAX);
