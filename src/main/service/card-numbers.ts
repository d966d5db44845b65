/**
 * Finds full card numbers in free text and masks them to their last four digits ("•••• 4242"),
 * as a card is shown everywhere else. A card number is 12 to 19 digits that pass the Luhn check,
 * written together or in groups split by single spaces or dashes ("4242 4242 4242 4242"). A run
 * of digits that is longer than 19 with nothing between them (a 23-digit acquirer reference) is
 * one number and not a card's; in a run split into groups, every span of whole groups is tried,
 * so a card number beside other digits ("ref 2291 4242 4242 4242 4242") is still found.
 */

const MASK = '•••• ';
// Twelve digits with at most single separators between them: below that, nothing to look at.
const MAYBE = /\d(?:[ -]?\d){11}/;
const RUNS = /\d+(?:[ -]\d+)*/g;

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) d = d > 4 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const isCardLength = (n: number) => n >= 12 && n <= 19;

/** One run of digit groups, with each card number in it masked. */
function maskRun(run: string): string {
  const groups = run.split(/[ -]/);
  if (groups.length === 1) return isCardLength(run.length) && passesLuhn(run) ? MASK + run.slice(-4) : run;
  const seps = run.match(/[ -]/g) ?? [];
  const out: string[] = [];
  let i = 0;
  while (i < groups.length) {
    let end = -1;
    let digits = '';
    // The longest span of whole groups from i that is a card number.
    for (let j = i, all = ''; j < groups.length; j++) {
      all += groups[j];
      if (all.length > 19) break;
      if (isCardLength(all.length) && passesLuhn(all)) {
        end = j;
        digits = all;
      }
    }
    if (end < 0) {
      out.push(groups[i] as string, seps[i] ?? '');
      i++;
      continue;
    }
    out.push(MASK + digits.slice(-4), seps[end] ?? '');
    i = end + 1;
  }
  return out.join('');
}

/** `text` with every card number in it masked to its last four digits. */
export function maskCardNumbers(text: string): string {
  return MAYBE.test(text) ? text.replace(RUNS, maskRun) : text;
}
