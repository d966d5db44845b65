import {
  TimeZone,
  utilizationLimitsOf,
  type Restriction,
  type SpendingConstraint,
  type SpendingConstraintView,
  type UtilizationLimit,
  type UtilizationPreset,
} from '../../../../shared/service';
import { parseCents } from '../../../../shared/money';
import { isCategoryEntry, isMcc } from '../../../../shared/spending/merchant-categories';
import { dayIn } from '../../../../shared/spending/zoned-days';
import { money } from '../../model/format';
import { countryName } from './words';

/**
 * The constraint editor's state as a person types it (strings, lists) and its translation to and
 * from a SpendingConstraint. Validation answers with one message per field path, so each message
 * shows beside its field; a form with any message produces no constraint, so nothing is sent.
 */

export interface ListRuleForm {
  restriction: Restriction;
  /** An empty list means "no rule of this kind". */
  entries: string[];
}

export interface LimitForm {
  /** Stable key for the row while editing (not sent). */
  key: string;
  /** Typed amount, e.g. "1,500.00". */
  amount: string;
  preset: UtilizationPreset;
  timezone: string;
  /** YYYY-MM-DD or empty. */
  startDate: string;
}

export interface ConstraintForm {
  merchants: ListRuleForm;
  categories: ListRuleForm;
  countries: ListRuleForm;
  mccs: ListRuleForm;
  limits: LimitForm[];
  /** Typed amounts; empty means no bound. */
  sizeMin: string;
  sizeMax: string;
}

export type ListRuleName = 'merchants' | 'categories' | 'countries' | 'mccs';

/** Field path -> message. Paths: `merchants.entries.2`, `limits.0.startDate`, `sizeMax`... */
export type FieldErrors = Record<string, string>;

export type FormResult = { ok: true; constraint: SpendingConstraint } | { ok: false; errors: FieldErrors };

/** The service refuses more than this many limits in utilizationLimitV2. */
export const MAX_LIMITS = 20;

const emptyList = (): ListRuleForm => ({ restriction: 'allowlist', entries: [] });

export function emptyConstraintForm(): ConstraintForm {
  return {
    merchants: emptyList(),
    categories: emptyList(),
    countries: emptyList(),
    mccs: emptyList(),
    limits: [],
    sizeMin: '',
    sizeMax: '',
  };
}

let keys = 0;
export function newLimitForm(partial: Partial<Omit<LimitForm, 'key'>> = {}): LimitForm {
  keys += 1;
  return { key: `limit-${keys}`, amount: '', preset: 'monthly', timezone: 'UTC', startDate: '', ...partial };
}

/** Amount text for cents, without the dollar sign, as a person would type it. */
function amountText(cents: number): string {
  return money(cents).replace('$', '');
}

/** The form for an existing constraint (a card's or group's, as cached). */
export function formFromConstraint(c: SpendingConstraint | SpendingConstraintView | null | undefined): ConstraintForm {
  const form = emptyConstraintForm();
  if (!c) return form;
  if (c.merchantRule)
    form.merchants = { restriction: c.merchantRule.restriction, entries: [...c.merchantRule.merchants] };
  if (c.merchantCategoryRule)
    form.categories = {
      restriction: c.merchantCategoryRule.restriction,
      entries: [...c.merchantCategoryRule.merchantCategories],
    };
  if (c.countryRule) form.countries = { restriction: c.countryRule.restriction, entries: [...c.countryRule.countries] };
  if (c.merchantCategoryCodeRule)
    form.mccs = {
      restriction: c.merchantCategoryCodeRule.restriction,
      entries: [...c.merchantCategoryCodeRule.merchantCategoryCodes],
    };
  form.limits = utilizationLimitsOf(c).map((l) =>
    newLimitForm({
      amount: amountText(l.limitAmount.amountCents),
      preset: l.preset,
      timezone: l.timezone ?? 'UTC',
      startDate: l.startDate ?? '',
    }),
  );
  const size = c.spendingRule?.transactionSizeLimit;
  if (size?.minimum) form.sizeMin = amountText(size.minimum.amountCents);
  if (size?.maximum) form.sizeMax = amountText(size.maximum.amountCents);
  return form;
}

const LIST_LABEL: Record<ListRuleName, string> = {
  merchants: 'merchant',
  categories: 'category',
  countries: 'country',
  mccs: 'merchant category code',
};

/** How an entry is compared for duplicates and stored: countries upper case, others trimmed. */
function normalEntry(rule: ListRuleName, entry: string): string {
  const t = entry.trim();
  return rule === 'countries' ? t.toUpperCase() : t;
}

function entryError(rule: ListRuleName, entry: string): string | undefined {
  if (!entry) return `Empty ${LIST_LABEL[rule]}: type one or remove the row.`;
  if (entry.length > 200) return `Too long (${entry.length} characters): at most 200.`;
  if (rule === 'mccs' && !isMcc(entry))
    return `“${entry}” is not a merchant category code: an MCC is exactly four digits, such as 5812.`;
  if (rule === 'categories' && !isCategoryEntry(entry))
    return `“${entry}” is not a merchant category, so it would match no purchase: pick one of the suggested names (such as restaurants or travel) or type a four-digit MCC.`;
  if (rule === 'countries' && (!/^[A-Z]{2}$/.test(entry) || !countryName(entry)))
    return `“${entry}” is not an ISO country code: use two letters, such as US or DE.`;
  return undefined;
}

function validateList(rule: ListRuleName, form: ListRuleForm, errors: FieldErrors): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  form.entries.forEach((raw, i) => {
    const entry = normalEntry(rule, raw);
    const bad = entryError(rule, entry);
    if (bad) {
      errors[`${rule}.entries.${i}`] = bad;
      return;
    }
    // Merchant names and categories match case-insensitively, so "Uber" and "uber" are the same entry.
    const key = entry.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors[`${rule}.entries.${i}`] = `“${entry}” is already in the list (row ${first + 1}): remove one.`;
      return;
    }
    seen.set(key, i);
    out.push(entry);
  });
  return out;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(day: string): boolean {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

function validateLimit(l: LimitForm, i: number, nowMs: number, errors: FieldErrors): UtilizationLimit | undefined {
  const at = `limits.${i}`;
  let ok = true;
  const cents = parseCents(l.amount);
  if (l.amount.trim() === '') {
    errors[`${at}.amount`] = 'Enter the limit amount, such as 500.00.';
    ok = false;
  } else if (cents === null || cents < 0) {
    errors[`${at}.amount`] = `“${l.amount}” is not an amount: use digits with at most two decimals, such as 500.00.`;
    ok = false;
  }
  const tz = l.timezone.trim();
  const zoneOk = TimeZone.safeParse(tz).success && tz !== '';
  if (!zoneOk) {
    errors[`${at}.timezone`] = `“${l.timezone}” is not an IANA time zone: pick one such as America/New_York or UTC.`;
    ok = false;
  }
  const start = l.startDate.trim();
  if (start) {
    if (!isRealDay(start)) {
      errors[`${at}.startDate`] = `“${start}” is not a date: use YYYY-MM-DD.`;
      ok = false;
    } else if (zoneOk) {
      // The service checks the start day against today in the limit's own zone, not the person's.
      const today = dayIn(nowMs, tz);
      if (start > today) {
        errors[`${at}.startDate`] =
          `The start date ${start} is in the future: today is ${today} in ${tz}. Pick today or an earlier day.`;
        ok = false;
      }
    }
  }
  if (!ok || cents === null) return undefined;
  return {
    limitAmount: { amountCents: cents },
    preset: l.preset,
    timezone: tz,
    ...(start ? { startDate: start } : {}),
  };
}

function validateSize(text: string, field: 'sizeMin' | 'sizeMax', errors: FieldErrors): number | undefined {
  if (text.trim() === '') return undefined;
  const cents = parseCents(text);
  if (cents === null || cents < 0) {
    errors[field] = `“${text}” is not an amount: use digits with at most two decimals, such as 25.00.`;
    return undefined;
  }
  return cents;
}

/**
 * The constraint the form describes, or a message per bad field. `nowMs` is injected so "today"
 * (for start dates, in each limit's zone) is testable.
 */
export function constraintFromForm(form: ConstraintForm, nowMs: number): FormResult {
  const errors: FieldErrors = {};
  const merchants = validateList('merchants', form.merchants, errors);
  const categories = validateList('categories', form.categories, errors);
  const countries = validateList('countries', form.countries, errors);
  const mccs = validateList('mccs', form.mccs, errors);

  if (form.limits.length > MAX_LIMITS)
    errors.limits = `At most ${MAX_LIMITS} limits: remove ${form.limits.length - MAX_LIMITS}.`;
  const limits: UtilizationLimit[] = [];
  const periods = new Map<string, number>();
  form.limits.forEach((l, i) => {
    const limit = validateLimit(l, i, nowMs, errors);
    if (!limit) return;
    // Two limits over the same period: only the lower one ever declines, so the other is a mistake.
    const period = `${limit.preset}|${limit.timezone}|${limit.preset === 'daily' ? '' : (limit.startDate ?? '')}`;
    const first = periods.get(period);
    if (first !== undefined) {
      errors[`limits.${i}.preset`] = `Limit ${first + 1} already covers this period: change one or remove it.`;
      return;
    }
    periods.set(period, i);
    limits.push(limit);
  });

  const min = validateSize(form.sizeMin, 'sizeMin', errors);
  const max = validateSize(form.sizeMax, 'sizeMax', errors);
  if (min !== undefined && max !== undefined && min > max) {
    errors.sizeMax = `The maximum (${money(max)}) is below the minimum (${money(min)}): raise the maximum or lower the minimum.`;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  const c: SpendingConstraint = {};
  if (merchants.length) c.merchantRule = { merchants, restriction: form.merchants.restriction };
  if (categories.length)
    c.merchantCategoryRule = { merchantCategories: categories, restriction: form.categories.restriction };
  if (countries.length) c.countryRule = { countries, restriction: form.countries.restriction };
  if (mccs.length) c.merchantCategoryCodeRule = { merchantCategoryCodes: mccs, restriction: form.mccs.restriction };
  const size = {
    ...(min !== undefined ? { minimum: { amountCents: min } } : {}),
    ...(max !== undefined ? { maximum: { amountCents: max } } : {}),
  };
  const hasSize = min !== undefined || max !== undefined;
  // Several limits go in utilizationLimitV2 (the form's one list); the older single field is read, never written.
  if (limits.length || hasSize)
    c.spendingRule = {
      ...(limits.length ? { utilizationLimitV2: limits } : {}),
      ...(hasSize ? { transactionSizeLimit: size } : {}),
    };
  return { ok: true, constraint: c };
}
