import type { OutboxKind } from '../../../../shared/outbox';
import { KINDS } from './kinds';

/** Settings: every transfer and payment needs approval (the default), or only those above an amount. */
export type ApprovalRule = { mode: 'all' } | { mode: 'above'; thresholdCents: number };

export const DEFAULT_APPROVAL_RULE: ApprovalRule = { mode: 'all' };

export function needsApproval(kind: OutboxKind, amountCents: number, rule: ApprovalRule): boolean {
  if (!KINDS[kind].approvable) return false;
  return rule.mode === 'all' || amountCents > rule.thresholdCents;
}
