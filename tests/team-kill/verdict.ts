/**
 * The kill test's verdict, counted where the outcomes happen: money from the sandbox's ledger and
 * balances, rows from the workspace's table read as the superuser, kills from the test's own
 * record, takeovers from the workspace's audit. Pure: run.ts gathers the evidence.
 */

/** A transfer the test drafted and had approved. */
export interface Planned {
  rowId: string;
  idempotencyKey: string;
  amountCents: number;
  source: string;
  destination: string;
}

/** A movement in the sandbox's ledger. */
export interface Moved {
  id: string;
  idempotencyKey?: string;
  amountCents: number;
  source: string;
  destination: string;
}

export interface KillRecord {
  desktop: string;
  /** It held a lease that still stood (a claim whose outcome was never recorded). */
  heldLease: boolean;
  /** The service had a request of its rows unanswered when it was killed. */
  sendInFlight: boolean;
}

export interface KillEvidence {
  planned: readonly Planned[];
  /** Transfers in the ledger since the test began. */
  ledger: readonly Moved[];
  /** Balance change per account since the test began. */
  balanceChanges: Readonly<Record<string, number>>;
  /** The workspace's rows, read as the superuser. */
  rows: readonly { id: string; state: string; outcome: string | null }[];
  kills: readonly KillRecord[];
  /** Starts of each desktop (the first one included). */
  starts: Readonly<Record<string, number>>;
  /** Claims the audit records as taking over a claim that ended without an outcome. */
  takeovers: number;
  minKillsPerDesktop: number;
  payment: {
    amountCents: number;
    /** Payments of that amount in the ledger. */
    inLedger: number;
    /** POSTs of it the service received. */
    posts: number;
    /** Its row's state in the workspace at the end. */
    state: string;
    /** The desktop sending it was killed while the service's answer was held. */
    killedMidSend: boolean;
    /** The audit shows a claim of it taking over the killed one. */
    takenOver: boolean;
  };
}

export function judgeKillRun(e: KillEvidence): string[] {
  const failures: string[] = [];
  const planned = new Map(e.planned.map((p) => [p.idempotencyKey, p]));
  for (const p of e.planned) {
    const moves = e.ledger.filter((m) => m.idempotencyKey === p.idempotencyKey);
    if (moves.length !== 1) failures.push(`row ${p.rowId} (${p.amountCents} cents) moved money ${moves.length} times`);
    else if (
      moves[0]?.amountCents !== p.amountCents ||
      moves[0].source !== p.source ||
      moves[0].destination !== p.destination
    )
      failures.push(`row ${p.rowId} moved ${JSON.stringify(moves[0])}, not what was approved`);
  }
  const strays = e.ledger.filter((m) => !m.idempotencyKey || !planned.has(m.idempotencyKey));
  if (strays.length > 0) failures.push(`${strays.length} transfers in the ledger that no approved row asked for`);

  let total = 0;
  const expected: Record<string, number> = {};
  for (const p of e.planned) {
    total += p.amountCents;
    expected[p.source] = (expected[p.source] ?? 0) - p.amountCents;
    expected[p.destination] = (expected[p.destination] ?? 0) + p.amountCents;
  }
  for (const account of new Set([...Object.keys(expected), ...Object.keys(e.balanceChanges)])) {
    const want = expected[account] ?? 0;
    const got = e.balanceChanges[account] ?? 0;
    if (want !== got)
      failures.push(
        `account ${account} moved by ${got} cents; the ${e.planned.length} rows (${total} cents) say ${want}`,
      );
  }

  const rows = new Map(e.rows.map((r) => [r.id, r]));
  const notSent = e.planned.filter((p) => rows.get(p.rowId)?.state !== 'sent');
  if (notSent.length > 0)
    failures.push(
      `${notSent.length} rows not sent in the workspace (lost): ${notSent
        .slice(0, 5)
        .map((p) => `${p.rowId} ${rows.get(p.rowId)?.state ?? 'missing'}`)
        .join(', ')}`,
    );
  for (const p of e.planned) {
    const move = e.ledger.find((m) => m.idempotencyKey === p.idempotencyKey);
    const outcome = rows.get(p.rowId)?.outcome ?? '';
    if (move && !outcome.includes(move.id))
      failures.push(`row ${p.rowId}'s outcome "${outcome}" does not name the ledger's transfer ${move.id}`);
  }

  for (const [desktop, starts] of Object.entries(e.starts)) {
    const kills = e.kills.filter((k) => k.desktop === desktop).length;
    if (kills < e.minKillsPerDesktop)
      failures.push(`${desktop} was killed ${kills} times (${e.minKillsPerDesktop} wanted)`);
    if (starts < kills) failures.push(`${desktop} was killed ${kills} times but started only ${starts} times`);
  }
  if (!e.kills.some((k) => k.heldLease)) failures.push('no kill came while a desktop held a claim');
  if (!e.kills.some((k) => k.sendInFlight)) failures.push('no kill came while a send was in flight');
  if (e.takeovers < 1) failures.push('no claim took over one a killed desktop left');

  const p = e.payment;
  if (!p.killedMidSend) failures.push('the payment’s desktop was not killed mid-send');
  if (!p.takenOver) failures.push('no desktop took the payment over after its sender was killed');
  if (p.inLedger !== 1)
    failures.push(`the payment interrupted mid-send is in the ledger ${p.inLedger} times (once wanted)`);
  if (p.posts !== 1) failures.push(`the payment interrupted mid-send was POSTed ${p.posts} times (once wanted)`);
  // It reached the service (the relay held only its answer) and no other payment has its amount
  // and payee: the takeover's look through the service's transactions must find it.
  if (p.state !== 'sent')
    failures.push(
      `the payment interrupted mid-send ended ${p.state} (sent wanted: it reached the service, and the takeover’s reconciliation should find it)`,
    );
  return failures;
}
