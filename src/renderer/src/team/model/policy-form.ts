import { MEMBER_ROLES, type MemberRole, type Policy, type PolicyRule } from '../../../../shared/team/model';
import { formatCents } from '../../../../shared/money';
import { parseDollars } from '../../outbox/model/money-input';

/** One rule as typed in the policy form: amounts in dollars, ids separated by commas or lines. */
export interface RuleDraft {
  min: string;
  max: string;
  accounts: string;
  payees: string;
  approvals: string;
}

export const EMPTY_RULE: RuleDraft = { min: '', max: '', accounts: '', payees: '', approvals: '2' };

export type RuleField = keyof RuleDraft;

export interface PolicyProblem {
  /** The rule's index, or null for the default. */
  rule: number | null;
  field: RuleField | 'defaultApprovals';
  message: string;
}

export type ParsedPolicy =
  { ok: true; defaultApprovals: number; rules: PolicyRule[] } | { ok: false; problems: PolicyProblem[] };

const MAX_APPROVALS = 20;

function approvalsOf(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_APPROVALS ? n : null;
}

function idsOf(text: string): string[] | undefined {
  const ids = [...new Set(text.split(/[\s,]+/).filter((s) => s !== ''))];
  return ids.length > 0 ? ids : undefined;
}

const APPROVALS_PROBLEM = `Enter a whole number of approvers from 1 to ${MAX_APPROVALS}.`;

/** The form's rules as the policy's, or every problem with the field it belongs to. */
export function parsePolicyForm(defaultApprovals: string, drafts: readonly RuleDraft[]): ParsedPolicy {
  const problems: PolicyProblem[] = [];
  const byDefault = approvalsOf(defaultApprovals);
  if (byDefault === null) problems.push({ rule: null, field: 'defaultApprovals', message: APPROVALS_PROBLEM });
  const rules: PolicyRule[] = [];
  drafts.forEach((d, i) => {
    const rule: PolicyRule = { approvals: 1 };
    const approvals = approvalsOf(d.approvals);
    if (approvals === null) problems.push({ rule: i, field: 'approvals', message: APPROVALS_PROBLEM });
    else rule.approvals = approvals;
    for (const field of ['min', 'max'] as const) {
      if (d[field].trim() === '') continue;
      const parsed = parseDollars(d[field]);
      if (!parsed.ok) problems.push({ rule: i, field, message: parsed.error });
      else if (field === 'min') rule.minCents = parsed.cents;
      else rule.maxCents = parsed.cents;
    }
    if (rule.minCents !== undefined && rule.maxCents !== undefined && rule.minCents > rule.maxCents) {
      problems.push({ rule: i, field: 'max', message: 'The largest amount is below the smallest.' });
    }
    const accounts = idsOf(d.accounts);
    const payees = idsOf(d.payees);
    if (accounts) rule.accounts = accounts;
    if (payees) rule.payees = payees;
    rules.push(rule);
  });
  if (problems.length > 0 || byDefault === null) return { ok: false, problems };
  return { ok: true, defaultApprovals: byDefault, rules };
}

/** A rule of the signed policy, back in the form's words, to edit the next version from it. */
export function ruleDraftOf(rule: PolicyRule): RuleDraft {
  return {
    min: rule.minCents !== undefined ? formatCents(rule.minCents) : '',
    max: rule.maxCents !== undefined ? formatCents(rule.maxCents) : '',
    accounts: rule.accounts?.join(', ') ?? '',
    payees: rule.payees?.join(', ') ?? '',
    approvals: String(rule.approvals),
  };
}

/** The policy in force for a service: the highest version the directory holds. */
export function currentPolicy(policies: readonly Policy[], service: string): Policy | undefined {
  return policies
    .filter((p) => p.service === service)
    .reduce<Policy | undefined>((best, p) => (!best || p.version > best.version ? p : best), undefined);
}

export function isMemberRole(value: string): value is MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(value);
}
