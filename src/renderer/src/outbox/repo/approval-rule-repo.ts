import { outboxDb } from '../../db/outbox-db';
import { DEFAULT_APPROVAL_RULE, type ApprovalRule } from '../model/approval-rules';

/**
 * A profile's rule for which drafts need a person's approval, kept in the outbox database beside
 * the rows it governs (so it leaves with the profile's outbox). A stored value that no longer
 * reads as a rule falls back to the default, which asks for every one.
 */

export async function getApprovalRule(profileId: string): Promise<ApprovalRule> {
  const rec = await outboxDb(profileId).settings.get('approvalRule');
  const v = rec?.value as ApprovalRule | undefined;
  if (
    v &&
    (v.mode === 'all' || (v.mode === 'above' && Number.isSafeInteger(v.thresholdCents) && v.thresholdCents >= 0))
  )
    return v;
  return DEFAULT_APPROVAL_RULE;
}

export async function setApprovalRule(profileId: string, rule: ApprovalRule): Promise<void> {
  await outboxDb(profileId).settings.put({ key: 'approvalRule', value: rule });
}
