import {
  SPENDING_CONSTRAINT_MEMBERS,
  utilizationLimitsOf,
  type SpendingConstraint,
  type SpendingConstraintMember,
  type SpendingConstraintPatch,
  type SpendingConstraintView,
} from '../../shared/service';
import { badRequest } from '../http/errors';
import { isStartDateAllowed } from '../../shared/spending/periods';
import { dayIn } from '../../shared/spending/zoned-days';

/**
 * Refuses a constraint whose limits start after today. Only the constraint a request carries is
 * checked, not members kept from before: those were valid when written and only move into the past.
 */
export function assertStartDates(
  constraint: SpendingConstraint | SpendingConstraintPatch | null | undefined,
  nowMs: number,
): void {
  if (!constraint?.spendingRule) return;
  for (const limit of utilizationLimitsOf({ spendingRule: constraint.spendingRule })) {
    if (isStartDateAllowed(limit, nowMs)) continue;
    const tz = limit.timezone ?? 'UTC';
    throw badRequest(
      `spending limit startDate ${limit.startDate} is in the future: today is ${dayIn(nowMs, tz)} in ${tz}; send today or an earlier day`,
      { startDate: limit.startDate, timezone: tz, today: dayIn(nowMs, tz) },
    );
  }
}

/** A stored constraint with no member is no constraint. */
function nonEmpty(c: SpendingConstraint): SpendingConstraint | undefined {
  return SPENDING_CONSTRAINT_MEMBERS.some((m) => c[m] !== undefined) ? c : undefined;
}

function setMember(
  target: SpendingConstraint,
  member: SpendingConstraintMember,
  value: SpendingConstraintPatch[SpendingConstraintMember],
): void {
  // The schemas make a patch member and a stored member the same shape once null is ruled out.
  if (value === null || value === undefined) delete target[member];
  else Object.assign(target, { [member]: structuredClone(value) });
}

/** PATCH: members sent are set, members sent as null are removed, omitted members are kept. */
export function mergeConstraint(
  current: SpendingConstraint | undefined,
  patch: SpendingConstraintPatch,
): SpendingConstraint | undefined {
  const next: SpendingConstraint = structuredClone(current ?? {});
  for (const m of SPENDING_CONSTRAINT_MEMBERS) {
    if (patch[m] !== undefined) setMember(next, m, patch[m]);
  }
  return nonEmpty(next);
}

/** PUT (and a full constraint in a card or group write): the body is the whole constraint; null means absent. */
export function replaceConstraint(
  body: SpendingConstraintPatch | SpendingConstraint | null,
): SpendingConstraint | undefined {
  if (body === null) return undefined;
  const next: SpendingConstraint = {};
  for (const m of SPENDING_CONSTRAINT_MEMBERS) setMember(next, m, body[m]);
  return nonEmpty(next);
}

/** What the constraint endpoints answer: `{}` when there is none. */
export function constraintView(c: SpendingConstraint | undefined): SpendingConstraintView {
  return structuredClone(c ?? {});
}
