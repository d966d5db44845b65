import type { SpendingConstraint, UtilizationLimit } from '../../shared/service';
import type { Rng } from '../world/ids';
import type { CardRecord, MerchantRecord } from '../world/records';
import type { World } from '../world/world';

/** How the seeded history uses one card: where it shops, how much, and when it was usable. */
export interface CardProfile {
  card: CardRecord;
  accountSubtype: 'cash' | 'credit';
  merchants: MerchantRecord[];
  minCents: number;
  maxCents: number;
  /** The card has purchases dated in [fromMs, toMs]. */
  fromMs: number;
  toMs: number;
  /** Relative share of the purchases; 0 means the card makes none. */
  weight: number;
}

/** The raw description a card network shows for a merchant, e.g. "UBER SAN FRANCISCO CA". */
export function rawMerchantDescription(m: MerchantRecord): string {
  return `${m.name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .slice(0, 22)} ${m.city.toUpperCase()} ${m.state || m.country}`;
}

/** Typical purchase size by merchant category code, in cents. */
export function amountRange(mcc: string): [number, number] {
  const code = Number(mcc);
  if ((code >= 3000 && code <= 3999) || mcc === '4722' || mcc === '4511') return [15_000, 180_000];
  if (['4816', '7372', '5734', '5045', '5732', '7311'].includes(mcc)) return [1_500, 250_000];
  if (['5812', '5814', '5411'].includes(mcc)) return [400, 9_000];
  if (['4121', '5541', '4112'].includes(mcc)) return [900, 12_000];
  return [1_000, 60_000];
}

function allowedBy(c: SpendingConstraint | undefined, m: MerchantRecord): boolean {
  if (!c) return true;
  const mccRule = c.merchantCategoryCodeRule;
  if (mccRule && mccRule.restriction === 'allowlist' && !mccRule.merchantCategoryCodes.includes(m.categoryCode))
    return false;
  if (mccRule && mccRule.restriction === 'blacklist' && mccRule.merchantCategoryCodes.includes(m.categoryCode))
    return false;
  const country = c.countryRule;
  if (country && country.restriction === 'allowlist' && !country.countries.includes(m.country)) return false;
  if (country && country.restriction === 'blacklist' && country.countries.includes(m.country)) return false;
  const merchant = c.merchantRule;
  const named = merchant && (merchant.merchants.includes(m.id) || merchant.merchants.includes(m.name));
  if (merchant && merchant.restriction === 'allowlist' && !named) return false;
  if (merchant && merchant.restriction === 'blacklist' && named) return false;
  return true;
}

function limits(c: SpendingConstraint | undefined): UtilizationLimit[] {
  const rule = c?.spendingRule;
  if (!rule) return [];
  return [...(rule.utilizationLimit ? [rule.utilizationLimit] : []), ...(rule.utilizationLimitV2 ?? [])];
}

/**
 * Builds a profile per card so the seeded purchases respect the constraints a card carries (its
 * own and its group's): allowed merchants only, sizes inside the transaction size limit, and
 * small amounts where a daily limit applies.
 */
export function cardProfiles(world: World, rng: Rng, fromMs: number, toMs: number): CardProfile[] {
  const merchants = [...world.merchants.values()];
  const profiles: CardProfile[] = [];
  for (const card of world.cards.values()) {
    const group = card.cardGroupId ? world.cardGroups.get(card.cardGroupId) : undefined;
    const constraints = [group?.spendingConstraint, card.spendingConstraint];
    let pool = merchants.filter((m) => constraints.every((c) => allowedBy(c, m)));
    if (pool.length === 0) pool = merchants.slice(0, 1);
    const chosen: MerchantRecord[] = [];
    const want = Math.min(pool.length, rng.int(5, 9));
    const remaining = [...pool];
    while (chosen.length < want)
      chosen.push(remaining.splice(rng.int(0, remaining.length - 1), 1)[0] as MerchantRecord);

    let minCents = 100;
    let maxCents = 250_000;
    for (const c of constraints) {
      const size = c?.spendingRule?.transactionSizeLimit;
      if (size?.minimum) minCents = Math.max(minCents, size.minimum.amountCents);
      if (size?.maximum) maxCents = Math.min(maxCents, size.maximum.amountCents);
      for (const l of limits(c)) {
        // Keep well inside the period's limit so a seeded day or month never exceeds it.
        const divisor = l.preset === 'daily' ? 4 : l.preset === 'weekly' ? 15 : l.preset === 'monthly' ? 60 : 400;
        maxCents = Math.min(maxCents, Math.floor(l.limitAmount.amountCents / divisor));
      }
    }
    maxCents = Math.max(minCents, maxCents);

    const account = world.accounts.get(card.accountId);
    const createdMs = Date.parse(card.createdAt);
    let start = Math.max(fromMs, createdMs);
    let end = toMs;
    let weight = 1;
    if (card.status === 'paused') end = toMs - 7 * 86_400_000;
    if (card.status === 'closed') {
      end = toMs - 45 * 86_400_000;
      weight = 0.5;
    }
    if (card.status === 'inactive') weight = 0; // never activated: it only ever declines
    if (card.isSingleUse) weight = 0; // at most the one authorization the seed gives it
    if (end <= start) {
      weight = 0;
      start = Math.min(start, end);
    }
    profiles.push({
      card,
      accountSubtype: account?.type === 'charge_card' ? 'credit' : 'cash',
      merchants: chosen,
      minCents,
      maxCents,
      fromMs: start,
      toMs: end,
      weight,
    });
  }
  return profiles;
}
