import type { Sandbox } from '../../../src/sandbox';
import type { Drafted, Moved } from './verdict';

/**
 * The transfers bench:team drafts, as a CSV a person would import: several sources (each its own
 * queue for the solo sender) into one account that is never a source, every amount distinct
 * within and across the two phases, so an amount in the ledger names its row.
 */
export interface TransferPlan {
  team: Drafted[];
  solo: Drafted[];
}

/** The team's amounts start here (cents) and the solo baseline's at SOLO_BASE: with at most MAX_ROWS each, they never meet. */
const TEAM_BASE = 1_000;
const SOLO_BASE = 5_000;
export const MAX_ROWS = SOLO_BASE - TEAM_BASE;

export function planTransfers(sandbox: Sandbox, rows: number): TransferPlan {
  if (rows < 1 || rows > MAX_ROWS) throw new Error(`--rows must be between 1 and ${MAX_ROWS}; got ${rows}`);
  const open = [...sandbox.world.virtualAccounts.values()].filter((v) => v.closedAt === null).map((v) => v.id);
  const destination = open.find((id) => id !== sandbox.world.primaryVirtualAccountId);
  if (!destination) throw new Error('the sandbox has no second open virtual account to send to');
  const sources = open.filter((id) => id !== destination);
  const plan = (base: number): Drafted[] =>
    Array.from({ length: rows }, (_, i) => ({
      source: sources[i % sources.length] as string,
      destination,
      amountCents: base + i,
    }));
  const team = plan(TEAM_BASE);
  const solo = plan(SOLO_BASE);
  // Both phases must be covered by the seeded balances, or a short source would fail rows and the check would blame the app.
  const balances = availableBalances(sandbox);
  for (const source of sources) {
    const needed = [...team, ...solo].filter((d) => d.source === source).reduce((sum, d) => sum + d.amountCents, 0);
    if (needed > (balances.get(source) ?? 0))
      throw new Error(
        `the sandbox's account ${source} holds less than the ${needed} cents this run sends from it: use fewer --rows`,
      );
  }
  return { team, solo };
}

/** The CSV the Transfers screen imports (amounts in dollars, as a person writes them). */
export function transfersCsv(drafted: readonly Drafted[]): string {
  const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return `source,destination,amount,memo\n${drafted.map((d, i) => `${d.source},${d.destination},${dollars(d.amountCents)},bench ${i + 1}`).join('\n')}\n`;
}

/** Available balance per virtual account, as the service holds it. */
export function availableBalances(sandbox: Sandbox): Map<string, number> {
  return new Map(
    [...sandbox.world.virtualAccounts.values()].map((va) => [
      va.id,
      sandbox.world.transactions.totals(va.id).availableCents,
    ]),
  );
}

/** Where a phase starts on the service's side: what its check reads from. */
export interface LedgerMark {
  ledger: number;
  balances: Map<string, number>;
}

export function markLedger(sandbox: Sandbox): LedgerMark {
  return { ledger: sandbox.world.ledger.length, balances: availableBalances(sandbox) };
}

/** The transfers the service recorded since `mark`. */
export function movedSince(sandbox: Sandbox, mark: LedgerMark): Moved[] {
  return sandbox.world.ledger.slice(mark.ledger).filter((e) => e.kind === 'transfer');
}

/** Each account's change in available balance since `mark` (accounts that did not move left out). */
export function balanceChangesSince(sandbox: Sandbox, mark: LedgerMark): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [id, cents] of availableBalances(sandbox)) {
    const d = cents - (mark.balances.get(id) ?? 0);
    if (d !== 0) changes[id] = d;
  }
  return changes;
}
