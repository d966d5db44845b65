import { PayRequest, TransferRequest } from '../service/payments';
import type { Policy, PolicyRule, TeamKind } from './model';

/** What a policy looks at in a row: read from its verified payload, never from the database's columns. */
export interface PolicyFacts {
  amountCents: number;
  /** The account the money leaves: a transfer's source, a payment's sourceSvcHandleId (absent: the key's own handle or a legal entity's, so any account). */
  account?: string;
  /** Where it goes: a transfer's destination, a payment's svcHandle. */
  payee: string;
}

/**
 * The payload as the service's request of `kind` (unknown fields dropped, as zod reads it), or
 * null when it is not a valid one. What a desktop signs and sends is this, never what it was handed.
 */
export function teamRequest(kind: TeamKind, payload: unknown): TransferRequest | PayRequest | null {
  const parsed = kind === 'transfer' ? TransferRequest.safeParse(payload) : PayRequest.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** The facts of a payload of `kind`, or null when it is not a valid request of that kind. */
export function policyFacts(kind: TeamKind, payload: unknown): PolicyFacts | null {
  const request = teamRequest(kind, payload);
  if (!request) return null;
  if ('source' in request)
    return { amountCents: request.amountCents, account: request.source, payee: request.destination };
  return {
    amountCents: request.amountCents,
    payee: request.svcHandle,
    ...(request.sourceSvcHandleId ? { account: request.sourceSvcHandleId } : {}),
  };
}

/**
 * Whether `rule` covers the row. A row that names no source account (a payment from the key's own
 * handle, or one naming a legal entity instead) could be paid from any of them, so every
 * account-scoped rule covers it: the strictest one then applies, never none.
 */
export function ruleMatches(rule: PolicyRule, row: PolicyFacts): boolean {
  if (rule.minCents !== undefined && row.amountCents < rule.minCents) return false;
  if (rule.maxCents !== undefined && row.amountCents > rule.maxCents) return false;
  if (rule.accounts && row.account !== undefined && !rule.accounts.includes(row.account)) return false;
  if (rule.payees && !rule.payees.includes(row.payee)) return false;
  return true;
}

/** Before an admin sets a policy for a service: one approver other than the drafter. */
export const NO_POLICY_APPROVALS = 1;

/**
 * How many distinct approvers (never the drafter) a row needs under `policy`: the most any
 * matching rule asks, else the default. The strictest rule wins, so a rule added for large
 * amounts can never be undone by a looser one that also matches.
 */
export function requiredApprovals(policy: Policy | undefined, row: PolicyFacts): number {
  if (!policy) return NO_POLICY_APPROVALS;
  const matching = policy.rules.filter((r) => ruleMatches(r, row)).map((r) => r.approvals);
  return matching.length > 0 ? Math.max(...matching) : policy.defaultApprovals;
}
