import type { TeamRowView } from '../../../../shared/ipc/workspace';
import { TEAM_KINDS, type SignedDraft, type TeamKind } from '../../../../shared/team/model';
import { policyFacts } from '../../../../shared/team/policy';
import { readSignedText } from '../../../../shared/team/signed-text';
import type { Outflow } from '../../outbox/model/balance-after';
import type { Draws } from '../../outbox/model/payment-source';

/** The drafter's signed time, else the time the workspace wrote the row. */
export function signedAt(draft: SignedDraft, fallback: string): number {
  const read = readSignedText('draft', draft.text);
  return Date.parse(read.ok ? read.body.at : fallback);
}

/**
 * A workspace row as an outflow of the account it draws from (outbox/model/balance-after.ts), so
 * a row drafted on another desktop counts in every screen's balance after as this desktop's own
 * do: open with its policy met (main's verdict), it goes with the approved rows; still waiting
 * for approvals, with the waiting ones. Not counted: a row in review or closed (whether it moved
 * money is not known, or it is in the service's balance), one the verdict says never goes or
 * cannot decide, one whose signed amount cannot be read. The amount and the account come from
 * the signed payload, never the database's columns.
 */
export function teamRowOutflow(row: TeamRowView, sourceOf: (draws: Draws) => string | undefined): Outflow | null {
  if (row.state !== 'open' || !(TEAM_KINDS as readonly string[]).includes(row.kind)) return null;
  const stage = row.verdict.status === 'ready' ? 'approved' : row.verdict.status === 'waiting' ? 'waiting' : null;
  if (stage === null) return null;
  const kind = row.kind as TeamKind;
  const facts = policyFacts(kind, row.payload);
  if (!facts) return null;
  return {
    id: row.id,
    from: sourceOf({ kind, account: facts.account }),
    amountCents: facts.amountCents,
    stage,
    createdAt: signedAt(row.draft, row.createdAt),
  };
}

/**
 * This desktop's outflows with the workspace's open rows added: a row this desktop drafted is in
 * its own queue under the same id, and counts once, as its own queue has it.
 */
export function withWorkspaceRows(
  own: readonly Outflow[],
  rows: readonly TeamRowView[],
  sourceOf: (draws: Draws) => string | undefined,
): Outflow[] {
  const known = new Set(own.map((o) => o.id));
  const added = rows.flatMap((r) => {
    if (known.has(r.id)) return [];
    const o = teamRowOutflow(r, sourceOf);
    return o ? [o] : [];
  });
  return added.length === 0 ? [...own] : [...own, ...added];
}
