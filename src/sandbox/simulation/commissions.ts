import { commissionDueMs } from '../../shared/accounts/commission-dates';
import { move } from '../accounts/postings';
import type { World } from '../world/world';

/**
 * Applies every commission collection due by `nowMs` (owned by the virtual-accounts feature).
 *
 * Each due date at or before `nowMs` that has not been collected moves the rule's flat amount from
 * its virtual account to the primary one, as a posted debit and credit dated at the due date (so
 * the result depends on the clock only, not on how often this runs).
 *
 * Decisions:
 * - A closed account is never charged (its rule stays but is dormant).
 * - When the available balance cannot cover a collection it is skipped for now and stays due:
 *   the account never goes negative, and the next run collects it (and any that queued behind
 *   it) once funds arrive. Coverage is judged on the balance when this runs.
 * Returns how many collections were applied.
 */
export function applyDueCommissions(world: World, nowMs: number): number {
  const primary = world.virtualAccounts.get(world.primaryVirtualAccountId);
  if (!primary) return 0;
  let applied = 0;
  for (const rule of world.commissionRules.values()) {
    const va = world.virtualAccounts.get(rule.virtualAccountId);
    if (!va || va.closedAt !== null || va.id === primary.id) continue;
    for (let due = commissionDueMs(rule, rule.applied); due <= nowMs; due = commissionDueMs(rule, rule.applied)) {
      if (world.transactions.totals(va.id).availableCents < rule.amountCents) break;
      move(world, {
        kind: 'commission',
        atMs: due,
        from: va,
        to: primary,
        amountCents: rule.amountCents,
        label: 'Commission',
      });
      rule.applied++;
      applied++;
    }
  }
  return applied;
}
