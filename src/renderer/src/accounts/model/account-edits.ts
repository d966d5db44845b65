import type { CommissionDetailsInput, CommissionRule, VirtualAccountView } from '../../../../shared/service';
import { parseDollars } from '../../outbox/model/money-input';

/** The service's longest account name (VirtualAccountUpdate). */
export const MAX_NAME = 100;

export const PAST_START =
  'A commission rule starts now or later; the service does not collect back payments. Choose a start from now on.';
export const PRIMARY_NO_RULE = 'The primary account cannot carry a commission rule: commissions are paid into it.';

/** A new name, or what is wrong with it. */
export function checkName(typed: string): { ok: true; name: string } | { ok: false; error: string } {
  const name = typed.trim();
  if (name === '') return { ok: false, error: 'Enter a name: an account cannot be nameless.' };
  if (name.length > MAX_NAME)
    return { ok: false, error: `Use at most ${MAX_NAME} characters (this has ${name.length}).` };
  return { ok: true, name };
}

export interface CommissionForm {
  amount: string;
  frequency: 'monthly' | 'yearly';
  /** The start as the person's zone reads it, in ms; NaN when the field is empty or unreadable. */
  startMs: number;
}

export type CommissionCheck =
  { ok: true; details: CommissionDetailsInput } | { ok: false; errors: Partial<Record<'amount' | 'start', string>> };

/**
 * The rule to send, or a message per field. The amount is read digit by digit into cents (a
 * negative, zero or fractional-cent amount is refused), and the start must not be before `nowMs`:
 * the service would accept a past start and collect from its next anniversary, which is not what
 * a person who typed that date meant.
 */
export function checkCommission(form: CommissionForm, nowMs: number): CommissionCheck {
  const errors: Partial<Record<'amount' | 'start', string>> = {};
  const typed = form.amount.trim();
  const parsed = parseDollars(typed);
  if (/^[-−]/.test(typed)) errors.amount = 'The fee must be positive: it is taken from this account.';
  else if (!parsed.ok) errors.amount = parsed.error;
  if (!Number.isFinite(form.startMs)) errors.start = 'Choose the date and time the rule starts.';
  else if (form.startMs < nowMs) errors.start = PAST_START;
  if (errors.amount || errors.start || !parsed.ok) return { ok: false, errors };
  return {
    ok: true,
    details: {
      type: 'flatFee',
      amount: { amountCents: parsed.cents },
      frequency: form.frequency,
      startDate: new Date(form.startMs).toISOString(),
    },
  };
}

/** Whether the account can carry a rule, be renamed or closed: never the primary one, never once closed. */
export function canCarryRule(view: VirtualAccountView): boolean {
  return view.virtualAccount.accountType !== 'primary' && !view.virtualAccount.closedAt;
}

export function canClose(view: VirtualAccountView): boolean {
  return view.virtualAccount.accountType !== 'primary' && !view.virtualAccount.closedAt;
}

/** The flat fee part of a rule, for words and dates; undefined for a rule of another type. */
export function flatFeeOf(
  rule: CommissionRule | undefined,
): { amountCents: number; frequency: 'monthly' | 'yearly'; startDate: string } | undefined {
  const d = rule?.commissionDetails;
  if (!d || d.type !== 'flatFee' || !d.startDate) return undefined;
  return { amountCents: d.amount.amountCents, frequency: d.frequency, startDate: d.startDate };
}
