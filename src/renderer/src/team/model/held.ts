import type { TeamRowView } from '../../../../shared/ipc/workspace';
import { TEAM_KINDS, type TeamKind } from '../../../../shared/team/model';
import { policyFacts } from '../../../../shared/team/policy';

/**
 * The workspace's rows a paused team sender holds on this desktop: open, every signature checked
 * and the policy met (main's verdict), with their signed amounts. Another desktop holding the
 * profile's key may still send them; this one does not until it resumes.
 */
export function teamHeld(rows: readonly TeamRowView[]): { count: number; totalCents: number } {
  let count = 0;
  let totalCents = 0;
  for (const row of rows) {
    if (row.state !== 'open' || row.verdict.status !== 'ready' || !(TEAM_KINDS as readonly string[]).includes(row.kind))
      continue;
    count += 1;
    totalCents += policyFacts(row.kind as TeamKind, row.payload)?.amountCents ?? 0;
  }
  return { count, totalCents };
}
