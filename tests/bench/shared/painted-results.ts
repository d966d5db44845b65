import type { ReferenceAnswer } from './reference-search';

/** A result on the Transactions screen as the page painted it (result-probe.ts records them). */
export interface Paint {
  /** performance.now() after the frame that first showed this result was painted. */
  t: number;
  /** The search text the painted result answers (the summary's data-answers). */
  answers: string;
  /** The search box's value when that result was committed to the DOM. */
  value: string;
}

/** A result as it was painted: its count and totals as shown, the ids of its first rows. */
export interface PaintedResult extends Paint {
  count: string;
  inText: string;
  outText: string;
  firstIds: string[];
  /** Where the index answering it came from, as the summary says ('storage' or 'rebuild'). */
  indexFrom?: string;
}

/**
 * The number a person reads: "1,234" is 1234; "In $1,234.56" and "Out -$1,234.56" are 123456 and
 * -123456 cents (money is always shown with two decimals); null when there is no digit. Read apart
 * from the app's formatting.
 */
export function shownNumber(text: string): number | null {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return null;
  return /[-\u2212]/.test(text) ? -Number(digits) : Number(digits);
}

/** A painted result that disagrees with the reference, and how. */
export interface WrongPaint {
  answers: string;
  problems: string[];
}

/**
 * Every painted result against the reference's answer to the same text: the count, the money in
 * and out, and the ids of the first rows on screen (as many as were painted; at least one when
 * the reference has any).
 */
export function wrongPaints(
  paints: readonly PaintedResult[],
  reference: (text: string) => ReferenceAnswer,
): WrongPaint[] {
  const wrong: WrongPaint[] = [];
  for (const p of paints) {
    const ref = reference(p.answers);
    const problems: string[] = [];
    const count = shownNumber(p.count);
    if (count !== ref.count) problems.push(`count ${p.count}, the reference ${ref.count}`);
    if ((shownNumber(p.inText) ?? 0) !== ref.inCents)
      problems.push(`in '${p.inText}', the reference ${ref.inCents} cents`);
    if ((shownNumber(p.outText) ?? 0) !== ref.outCents)
      problems.push(`out '${p.outText}', the reference ${ref.outCents} cents`);
    const expected = ref.firstIds.slice(0, p.firstIds.length);
    if (p.firstIds.length === 0 && ref.count > 0) problems.push('no row painted');
    else if (p.firstIds.join() !== expected.join())
      problems.push(`first rows ${p.firstIds.join(' ')}, the reference ${expected.join(' ')}`);
    if (problems.length > 0) wrong.push({ answers: p.answers, problems });
  }
  return wrong;
}
