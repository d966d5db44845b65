/**
 * bench:team's judgement, pure (tests/unit/team-bench-verdict.test.ts feeds it made-up runs):
 * how long each approval took to show on another desktop, read from the paints that desktop
 * recorded, and whether the money moved as drafted, read from the sandbox's ledger. Nothing here
 * imports the app's code.
 */
import { percentiles } from '../shared/stats';
import type { InboxPaint } from './inbox-probe';

/** A batch of approvals: the rows (inbox keys) it approved and the moment it was confirmed (wall-clock ms). */
export interface ApprovalBatch {
  at: number;
  keys: readonly string[];
}

export interface ShownLine {
  /** Approval to the row's new state painted, ms over every row approved. */
  p50: number;
  p95: number;
  max: number;
  n: number;
  /** Rows whose new state was never painted on the observing desktop. */
  never_shown: number;
  /** Rows whose first paint after their approval said something else than the new state. */
  shown_otherwise: number;
  /** Each batch's slowest row (a batch: the rows one question listed), in order: whether the time is every batch's or one batch's. */
  batch_max_ms: number[];
  examples: string[];
}

/**
 * For each approved row, the first paint on the observing desktop after its batch was confirmed
 * that shows `isNewState`; a row whose first later paint shows something else is counted apart
 * (it still gets its time from the first paint of the new state, if any).
 */
export function shownAfterApproval(
  batches: readonly ApprovalBatch[],
  paints: readonly InboxPaint[],
  isNewState: (needs: string) => boolean,
): ShownLine {
  const byKey = new Map<string, InboxPaint[]>();
  for (const p of paints) {
    const list = byKey.get(p[0]);
    if (list) list.push(p);
    else byKey.set(p[0], [p]);
  }
  const times: number[] = [];
  let never = 0;
  let otherwise = 0;
  const examples: string[] = [];
  const batchMax: number[] = [];
  for (const batch of batches) {
    let slowest = 0;
    for (const key of batch.keys) {
      const later = (byKey.get(key) ?? []).filter((p) => p[2] > batch.at).sort((a, b) => a[2] - b[2]);
      const first = later[0];
      if (first && !isNewState(first[1])) {
        otherwise++;
        if (examples.length < 5) examples.push(`${key} showed "${first[1]}" first`);
      }
      const shown = later.find((p) => isNewState(p[1]));
      if (shown) {
        times.push(shown[2] - batch.at);
        slowest = Math.max(slowest, shown[2] - batch.at);
      } else {
        never++;
        if (examples.length < 5) examples.push(`${key} never showed its new state`);
      }
    }
    batchMax.push(Math.round(slowest));
  }
  return { ...percentiles(times), never_shown: never, shown_otherwise: otherwise, batch_max_ms: batchMax, examples };
}

/**
 * Where an approval's time went before any desktop could show it: from its batch's confirmation
 * to its decision written in the workspace (`written`: the database's time per inbox key).
 */
export function writtenAfterApproval(
  batches: readonly ApprovalBatch[],
  written: ReadonlyMap<string, number>,
): { p50: number; p95: number; max: number; n: number } {
  return percentiles(
    batches.flatMap((b) => b.keys.flatMap((k) => (written.has(k) ? [(written.get(k) as number) - b.at] : []))),
  );
}

/** A transfer as the benchmark drafted it, and (team rows) the idempotency key the workspace holds for it. */
export interface Drafted {
  amountCents: number;
  source: string;
  destination: string;
  key?: string;
}

export interface Moved {
  amountCents: number;
  source: string;
  destination: string;
  idempotencyKey?: string;
}

export interface MoneyCheck {
  rows: number;
  /** Drafted rows that moved money exactly once, between the accounts drafted. */
  exactly_once: number;
  missing: number;
  duplicates: number;
  /** Movements of the phase that match no drafted row (amount, accounts, key). */
  unexpected: number;
  /** Accounts whose balance moved by other than the sum of the rows drafted. */
  accounts_off: { account: string; expected_cents: number; actual_cents: number }[];
  failures: string[];
}

/**
 * The phase's movements in the sandbox's ledger against what was drafted (distinct amounts, so
 * an amount names its row): each row once, between its accounts and with its key where known, no
 * other movement, and each account's balance changed by the drafted sum.
 */
export function checkMoney(
  drafted: readonly Drafted[],
  ledger: readonly Moved[],
  balanceChanges: Readonly<Record<string, number>>,
): MoneyCheck {
  const byAmount = new Map(drafted.map((d) => [d.amountCents, d]));
  const seen = new Map<number, number>();
  let unexpected = 0;
  for (const m of ledger) {
    const d = byAmount.get(m.amountCents);
    if (
      !d ||
      d.source !== m.source ||
      d.destination !== m.destination ||
      (d.key !== undefined && d.key !== m.idempotencyKey)
    ) {
      unexpected++;
      continue;
    }
    seen.set(m.amountCents, (seen.get(m.amountCents) ?? 0) + 1);
  }
  const once = drafted.filter((d) => seen.get(d.amountCents) === 1).length;
  const missing = drafted.filter((d) => !seen.has(d.amountCents)).length;
  const duplicates = [...seen.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
  const expected = new Map<string, number>();
  for (const d of drafted) {
    expected.set(d.source, (expected.get(d.source) ?? 0) - d.amountCents);
    expected.set(d.destination, (expected.get(d.destination) ?? 0) + d.amountCents);
  }
  const accounts = new Set([...expected.keys(), ...Object.keys(balanceChanges)]);
  const accounts_off = [...accounts]
    .map((account) => ({
      account,
      expected_cents: expected.get(account) ?? 0,
      actual_cents: balanceChanges[account] ?? 0,
    }))
    .filter((a) => a.expected_cents !== a.actual_cents);
  const failures: string[] = [];
  if (drafted.length !== new Set(drafted.map((d) => d.amountCents)).size)
    failures.push('the drafted amounts are not distinct: the check cannot tell rows apart');
  if (missing > 0) failures.push(`${missing} of ${drafted.length} rows never moved money`);
  if (duplicates > 0) failures.push(`${duplicates} movements beyond one per row`);
  if (unexpected > 0) failures.push(`${unexpected} movements match no drafted row (amount, accounts or key)`);
  if (accounts_off.length > 0)
    failures.push(`${accounts_off.length} accounts' balances moved by other than the drafted sum`);
  return { rows: drafted.length, exactly_once: once, missing, duplicates, unexpected, accounts_off, failures };
}
