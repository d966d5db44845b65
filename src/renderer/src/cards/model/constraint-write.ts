import {
  SPENDING_CONSTRAINT_MEMBERS,
  utilizationLimitsOf,
  type SpendingConstraint,
  type SpendingConstraintMember,
  type SpendingConstraintPatch,
  type SpendingConstraintView,
} from '../../../../shared/service';

/**
 * Which call saves an edited constraint, and with what body (docs/service.md, "Spending constraints"):
 * - edit: PATCH …/spending-constraint with only the members that changed; a removed member is null;
 * - replace: PUT …/spending-constraint with the whole constraint (absent members as null);
 * - nothing left: PATCH /card (or /card-group) with `spendingConstraint: null`, which removes
 *   every constraint in one step;
 * - nothing changed: no call.
 */

export type ConstraintOwnerKind = 'card' | 'group';
export type SaveMode = 'edit' | 'replace';

export type ConstraintWrite =
  | { kind: 'none' }
  | {
      kind: 'patch';
      owner: ConstraintOwnerKind;
      endpoint: 'patchCardSpendingConstraint' | 'patchCardGroupSpendingConstraint';
      body: SpendingConstraintPatch;
    }
  | {
      kind: 'put';
      owner: ConstraintOwnerKind;
      endpoint: 'putCardSpendingConstraint' | 'putCardGroupSpendingConstraint';
      body: SpendingConstraintPatch;
    }
  | {
      kind: 'removeAll';
      owner: ConstraintOwnerKind;
      endpoint: 'updateCard' | 'updateCardGroup';
      body: { spendingConstraint: null };
    };

type AnyConstraint = SpendingConstraint | SpendingConstraintView | null | undefined;

/** A stable text of a member for comparison: limits as the service reads them, whichever field held them. */
function memberKey(c: AnyConstraint, m: SpendingConstraintMember): string | undefined {
  const value = c?.[m];
  if (value === undefined || value === null) return undefined;
  if (m === 'spendingRule' && c?.spendingRule) {
    const size = c.spendingRule.transactionSizeLimit;
    return JSON.stringify({
      limits: utilizationLimitsOf(c).map((l) => [
        l.limitAmount.amountCents,
        l.preset,
        l.timezone ?? 'UTC',
        l.startDate ?? null,
      ]),
      min: size?.minimum?.amountCents ?? null,
      max: size?.maximum?.amountCents ?? null,
    });
  }
  return JSON.stringify(value);
}

function isEmpty(c: AnyConstraint): boolean {
  return SPENDING_CONSTRAINT_MEMBERS.every((m) => memberKey(c, m) === undefined);
}

/** The members whose meaning differs between `before` and `after`. */
export function changedMembers(before: AnyConstraint, after: AnyConstraint): SpendingConstraintMember[] {
  return SPENDING_CONSTRAINT_MEMBERS.filter((m) => memberKey(before, m) !== memberKey(after, m));
}

export function planConstraintWrite(
  owner: ConstraintOwnerKind,
  before: AnyConstraint,
  after: SpendingConstraint,
  mode: SaveMode,
): ConstraintWrite {
  const card = owner === 'card';
  if (isEmpty(after)) {
    if (isEmpty(before)) return { kind: 'none' };
    return {
      kind: 'removeAll',
      owner,
      endpoint: card ? 'updateCard' : 'updateCardGroup',
      body: { spendingConstraint: null },
    };
  }
  if (mode === 'replace') {
    const body: SpendingConstraintPatch = {};
    for (const m of SPENDING_CONSTRAINT_MEMBERS) Object.assign(body, { [m]: after[m] ?? null });
    return {
      kind: 'put',
      owner,
      endpoint: card ? 'putCardSpendingConstraint' : 'putCardGroupSpendingConstraint',
      body,
    };
  }
  const changed = changedMembers(before, after);
  if (!changed.length) return { kind: 'none' };
  const body: SpendingConstraintPatch = {};
  for (const m of changed) Object.assign(body, { [m]: after[m] ?? null });
  return {
    kind: 'patch',
    owner,
    endpoint: card ? 'patchCardSpendingConstraint' : 'patchCardGroupSpendingConstraint',
    body,
  };
}
