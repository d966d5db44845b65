/**
 * merchantCategoryRule lists category names, which the contract does not enumerate
 * (docs/service.md, "Readings where the contract is silent"). The sandbox maps
 * each merchant category code to one coarse name below; a rule entry matches when it equals that
 * name (case-insensitively) or the MCC itself, so either spelling works in tests and demos.
 * The app's offline purchase check uses the same table, so its verdict and the sandbox's agree.
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

/** The coarse category names an MCC maps to, with the words a person reads in a picker. */
export const MERCHANT_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  airlines: 'Airlines',
  car_rental: 'Car rental',
  lodging: 'Hotels and lodging',
  travel: 'Travel and transport',
  software: 'Software and digital services',
  restaurants: 'Restaurants',
  groceries: 'Groceries',
  fuel: 'Fuel',
  advertising: 'Advertising',
  telecom: 'Telecom',
  shipping: 'Shipping and postage',
  office_supplies: 'Office supplies',
  electronics: 'Electronics',
  real_estate: 'Real estate',
  retail: 'Retail',
  professional_services: 'Professional services',
  other: 'Other',
};

/**
 * Whether a merchantCategoryRule entry can match anything: one of the category names above (in
 * any case) or an MCC. Any other entry matches no purchase, so the app refuses to write one.
 */
export function isCategoryEntry(entry: string): boolean {
  const e = entry.trim().toLowerCase();
  return isMcc(e) || Object.hasOwn(MERCHANT_CATEGORY_NAMES, e);
}

/** A category's words, or the entry itself when it is not one of ours (e.g. an MCC written as a category). */
export function merchantCategoryName(category: string): string {
  return MERCHANT_CATEGORY_NAMES[category.trim().toLowerCase()] ?? category;
}

/** Descriptions of the codes a company's cards commonly meet (ISO 18245 wording, shortened). */
export const MCC_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '3000': 'United Airlines',
  '3001': 'American Airlines',
  '3351': 'Affiliated Auto Rental',
  '3501': 'Holiday Inns',
  '4111': 'Local commuter transport',
  '4112': 'Passenger railways',
  '4121': 'Taxicabs and rideshare',
  '4131': 'Bus lines',
  '4214': 'Freight carriers and trucking',
  '4215': 'Courier services',
  '4511': 'Airlines and air carriers',
  '4722': 'Travel agencies',
  '4784': 'Tolls and bridge fees',
  '4812': 'Telecom equipment and phones',
  '4814': 'Telecom services',
  '4816': 'Computer network and information services',
  '4899': 'Cable and streaming services',
  '4900': 'Utilities',
  '5045': 'Computers and peripherals',
  '5111': 'Stationery and office supplies (wholesale)',
  '5200': 'Home supply warehouse stores',
  '5300': 'Wholesale clubs',
  '5311': 'Department stores',
  '5399': 'General merchandise',
  '5411': 'Grocery stores and supermarkets',
  '5499': 'Convenience and specialty food stores',
  '5541': 'Service stations',
  '5542': 'Automated fuel dispensers',
  '5732': 'Electronics stores',
  '5734': 'Computer software stores',
  '5812': 'Restaurants',
  '5814': 'Fast food restaurants',
  '5943': 'Stationery and office supply stores',
  '5999': 'Miscellaneous retail',
  '6513': 'Real estate agents and rentals',
  '7011': 'Hotels and resorts',
  '7311': 'Advertising services',
  '7372': 'Computer programming and data processing',
  '7399': 'Business services',
  '8111': 'Legal services',
  '8931': 'Accounting and bookkeeping',
  '9402': 'Postal services',
};

/** A four-digit merchant category code; anything else is refused with a message. */
export function isMcc(code: string): boolean {
  return /^\d{4}$/.test(code);
}

/** Words for an MCC: its description when known, else its category's name. */
export function describeMcc(mcc: string): string {
  return MCC_DESCRIPTIONS[mcc] ?? merchantCategoryName(merchantCategoryOf(mcc));
}
