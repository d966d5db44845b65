import type { CardStatus, Restriction, UtilizationLimit } from '../../../../shared/service';
import {
  describeMcc,
  isCategoryEntry,
  isMcc,
  merchantCategoryName,
} from '../../../../shared/spending/merchant-categories';
import { money } from '../../model/format';

/** Plain words for a card's states and for the parts of a constraint (its description and the purchase check). */

const STATUS: Record<CardStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  inactive: 'Inactive',
  closed: 'Closed',
};
/** What each state means for spending, as the status picker offers it. */
const STATUS_MEANING: Record<CardStatus, string> = {
  active: 'Active: can be used',
  paused: 'Paused: declines until resumed',
  inactive: 'Inactive',
  closed: 'Closed: final, cannot be reopened',
};

export function cardStatusWords(status: CardStatus): string {
  return STATUS[status] ?? status;
}

export function cardStatusMeaning(status: CardStatus): string {
  return STATUS_MEANING[status] ?? status;
}

/** "Virtual", "Physical, single use". */
export function cardKindWords(card: { isPhysical: boolean; isSingleUse?: boolean | undefined }): string {
  return `${card.isPhysical ? 'Physical' : 'Virtual'}${card.isSingleUse ? ', single use' : ''}`;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Two-letter codes CLDR names that are groupings, placeholders or reservations, not countries a card is used in. */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);

/** "Germany" for "DE"; undefined when the code names no country (so a typo can be refused). */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  if (NOT_COUNTRIES.has(upper)) return undefined;
  try {
    return regionNames.of(upper);
  } catch {
    // DisplayNames throws on strings that are not region codes at all (e.g. "1").
    return undefined;
  }
}

export function countryWords(code: string): string {
  const name = countryName(code);
  return name ? `${name} (${code})` : code;
}

export function mccWords(code: string): string {
  return `${code} ${describeMcc(code)}`;
}

/** "Restaurants"; "MCC 5812 Restaurants" for a code written as a category; an entry that matches nothing says so. */
export function categoryWords(entry: string): string {
  if (!isCategoryEntry(entry)) return `“${entry}” (not a category: matches nothing)`;
  const code = entry.trim();
  return isMcc(code) ? `MCC ${mccWords(code)}` : merchantCategoryName(code);
}

/** The cached merchants, to name those a merchant rule lists by id. */
export type KnownMerchants = readonly { id: string; name: string }[];

/** A merchant rule's entry: a cached merchant's name for its id ("Uber (id mer_1)"), else the name as written (matched in any case). */
export function merchantEntryWords(entry: string, merchants: KnownMerchants = []): string {
  const named = merchants.find((m) => m.id === entry);
  return named ? `${named.name} (id ${entry})` : entry;
}

/** "a day", "a week"...: how often the limit resets. */
export function presetWords(limit: Pick<UtilizationLimit, 'preset'>): string {
  switch (limit.preset) {
    case 'daily':
      return 'a day';
    case 'weekly':
      return 'a week';
    case 'monthly':
      return 'a month';
    case 'yearly':
      return 'a year';
    case 'collective':
      return 'in total';
  }
}

/** "$500.00 a month (from 2025-01-15, resets at midnight in Europe/Paris)". */
export function limitWords(limit: UtilizationLimit): string {
  const zone = limit.timezone ?? 'UTC';
  if (limit.preset === 'collective') return `${money(limit.limitAmount.amountCents)} in total, never reset`;
  const from = limit.startDate && limit.preset !== 'daily' ? `, periods counted from ${limit.startDate}` : '';
  return `${money(limit.limitAmount.amountCents)} ${presetWords(limit)} (resets at midnight in ${zone}${from})`;
}

/** A limit's period, for the label over its bar (the amount is in the figures under it): "Per month · Europe/Paris". */
export function limitPeriodWords(limit: UtilizationLimit): string {
  if (limit.preset === 'collective') return 'In total (never resets)';
  const from = limit.startDate && limit.preset !== 'daily' ? `, counted from ${limit.startDate}` : '';
  return `Per ${presetWords(limit).replace(/^a /, '')} · ${limit.timezone ?? 'UTC'}${from}`;
}

/** "only at Uber, GitHub" / "anywhere except at Uber". */
export function listWords(restriction: Restriction, items: readonly string[], preposition: string): string {
  const list = items.length ? items.join(', ') : 'nothing';
  return restriction === 'allowlist' ? `only ${preposition} ${list}` : `anywhere except ${preposition} ${list}`;
}

let countries: { code: string; name: string }[] | undefined;
/** Every ISO 3166 country code the runtime can name, sorted by name (for the country picker). */
export function countryOptions(): { code: string; name: string }[] {
  if (!countries) {
    const list: { code: string; name: string }[] = [];
    const A = 'A'.charCodeAt(0);
    for (let i = 0; i < 26; i++) {
      for (let j = 0; j < 26; j++) {
        const code = String.fromCharCode(A + i, A + j);
        const name = countryName(code);
        if (name) list.push({ code, name });
      }
    }
    countries = list.sort((a, b) => a.name.localeCompare(b.name));
  }
  return countries;
}

/** The runtime's IANA zones, with UTC first (some runtimes list only Etc/UTC). */
export function timeZoneOptions(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
