/**
 * merchantCategoryRule lists category names, which SERVICE.md does not enumerate. The sandbox maps
 * each merchant category code to one coarse name below; a rule entry matches when it equals that
 * name (case-insensitively) or the MCC itself, so either spelling works in tests and demos.
 */
const RANGES: readonly [number, number, string][] = [
  [3000, 3299, 'airlines'],
  [3300, 3499, 'car_rental'],
  [3500, 3999, 'lodging'],
];

const CODES: Record<string, string> = {
  '4511': 'airlines',
  '4722': 'travel',
  '4112': 'travel',
  '4121': 'travel',
  '7011': 'lodging',
  '4816': 'software',
  '5734': 'software',
  '7372': 'software',
  '5812': 'restaurants',
  '5814': 'restaurants',
  '5411': 'groceries',
  '5541': 'fuel',
  '5542': 'fuel',
  '7311': 'advertising',
  '4814': 'telecom',
  '4899': 'telecom',
  '4215': 'shipping',
  '9402': 'shipping',
  '5943': 'office_supplies',
  '5045': 'electronics',
  '5732': 'electronics',
  '6513': 'real_estate',
  '5200': 'retail',
  '5300': 'retail',
  '5399': 'retail',
  '8931': 'professional_services',
};

export function merchantCategoryOf(mcc: string): string {
  const named = CODES[mcc];
  if (named) return named;
  const code = Number(mcc);
  return RANGES.find(([lo, hi]) => code >= lo && code <= hi)?.[2] ?? 'other';
}

export function categoryMatches(entry: string, mcc: string): boolean {
  const e = entry.trim().toLowerCase();
  return e === mcc || e === merchantCategoryOf(mcc);
}
