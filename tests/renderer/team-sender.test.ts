import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../../src/shared/ipc';
import type { ClaimResult, TeamRowView } from '../../src/shared/ipc/workspace';
import type { OutboxRow } from '../../src/shared/outbox';
import type { Transaction } from '../../src/shared/service';
import type { SendOutcome } from '../../src/shared/outbox/classify';
import { sendReadyTeamRows, type TeamWire } from '../../src/renderer/src/outbox/sender/team-sender';

// The team sender's decisions, with the workspace and the service scripted: what it claims, what
// it sends and with which key, what it records with which fencing number, and what it never does
// (resend a payment an earlier claim may have sent, record with a claim that stands no more).
// The workspace's own rules are proved against PostgreSQL in tests/unit/workspace-claims.test.ts.

const WS = '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00';
const SVC = 'https://svc.example';
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const failure = (kind: 'stale-claim' | 'unreachable', message: string): Result<never> => ({ ok: false, error: { code: 'workspace', message, workspace: { kind, retryable: kind === 'unreachable' } } });

function row(id: string, status: 'ready' | 'waiting', extra: Partial<TeamRowView> = {}): TeamRowView {
  const verdict = status === 'ready' ? { status, approvedBy: ['m'], required: 1, policyVersion: 0, ignored: [] } : { status, approvedBy: [], required: 1, missing: 1, policyVersion: 0, needed: '1 more approver', ignored: [] };
  return { id, service: SVC, kind: 'transfer', idempotencyKey: `key-${id}`, payload: null, amountCents: 0, state: 'open', createdAt: '', drafter: null, draft: { text: '', signature: '', payload: '' }, decisions: [], verdict, lease: null, fence: 0, claims: 0, outcome: null, ...extra } as TeamRowView;
}

const SIGNED_AT = '2025-06-16T09:30:00.000Z';

/** A ready payment of $7.00 to @acme, its draft statement signed at SIGNED_AT (the takeover reads when from it). */
function paymentRow(id: string): TeamRowView {
  const body = { at: SIGNED_AT, drafter: '00000000-0000-4000-8000-000000000001', id: '11111111-1111-4111-8111-111111111111', idempotencyKey: '22222222-2222-4222-8222-222222222222', kind: 'payment', payloadHash: 'a'.repeat(64), service: SVC, workspace: WS };
  return row(id, 'ready', { kind: 'payment', payload: { svcHandle: 'acme', amountCents: 700 }, draft: { text: `treasury-team/1 draft\n${JSON.stringify(body)}`, signature: '', payload: '' } });
}

interface Script {
  rows: TeamRowView[];
  /** What the service's transactions show (none unless given). */
  transactions?: Transaction[];
  claims: Record<string, Result<ClaimResult>>;
  sends?: Record<string, SendOutcome<unknown>>;
  outcomes?: Record<string, Result<{ recorded: true }>>;
}

function scripted(s: Script) {
  const log: string[] = [];
  const wire: TeamWire = {
    // As main reads them: only the named rows when the sender names some.
    rows: async (_w, _s, options) => {
      log.push(`read ${options?.rowIds ? options.rowIds.join(',') : 'all'}`);
      return ok(options?.rowIds ? s.rows.filter((r) => options.rowIds?.includes(r.id)) : s.rows);
    },
    claim: async (_w, rowId) => {
      log.push(`claim ${rowId}`);
      return s.claims[rowId] ?? ok({ claimed: false, why: 'closed', text: 'closed' });
    },
    claimMany: async (_w, rowIds) => {
      log.push(`claim run ${rowIds.join(',')}`);
      const answers = rowIds.map((rowId) => s.claims[rowId] ?? ok<ClaimResult>({ claimed: false, why: 'closed', text: 'closed' }));
      const failed = answers.find((r) => !r.ok);
      return failed && !failed.ok ? failed : ok(answers.flatMap((r) => (r.ok ? [r.value] : [])));
    },
    outcomes: async (_w, outcomes) => {
      log.push(`outcomes ${outcomes.map((o) => `${o.rowId} #${o.fence} ${o.state}`).join(', ')}`);
      return ok(outcomes.map((o) => (s.outcomes?.[o.rowId]?.ok === false ? { rowId: o.rowId, recorded: false as const, text: 'taken over' } : { rowId: o.rowId, recorded: true as const })));
    },
    renew: async () => ok({ leaseExpires: '' }),
    send: async (r: OutboxRow) => {
      log.push(`send ${r.kind} ${r.id} with ${r.idempotencyKey} ${JSON.stringify(r.payload)}`);
      return s.sends?.[r.id] ?? { type: 'ok', value: { transferId: `tr-${r.id}` } };
    },
    outcome: async (_w, rowId, fence, state, detail) => {
      log.push(`outcome ${rowId} #${fence} ${state}: ${detail}`);
      return s.outcomes?.[rowId] ?? ok({ recorded: true });
    },
    mirror: async (_p, rowId, outcome) => log.push(`mirror ${rowId} ${outcome}`),
    transactions: async (_p, window) => {
      log.push(`transactions from ${new Date(window.fromMs).toISOString()}`);
      return s.transactions ?? [];
    },
  };
  return { wire, log };
}

const claimOf = (rowId: string, kind: 'transfer' | 'payment', fence: number, takenOver = false): Result<ClaimResult> =>
  ok({
    claimed: true,
    rowId,
    fence,
    leaseExpires: '',
    takenOver,
    kind,
    service: SVC,
    idempotencyKey: `signed-key-${rowId}`,
    payload: kind === 'transfer' ? { source: 'va_a', destination: 'va_b', amountCents: 500 } : { svcHandle: 'acme', amountCents: 700 },
    verdict: { status: 'ready', approvedBy: ['m'], required: 1, policyVersion: 0, ignored: [] },
  });

describe('the team sender', () => {
  it('claims only ready rows nobody holds, sends the claim’s payload with its key, and records the outcome with its fencing number', async () => {
    const { wire, log } = scripted({
      rows: [row('r1', 'ready'), row('r2', 'waiting'), row('r3', 'ready', { lease: { holder: 'x', expires: '' } }), row('r4', 'ready')],
      claims: { r1: claimOf('r1', 'transfer', 1), r4: ok({ claimed: false, why: 'held', text: 'held by another desktop' }) },
    });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000);
    expect(log).toEqual([
      'read all',
      'claim r1',
      'send transfer r1 with signed-key-r1 {"source":"va_a","destination":"va_b","amountCents":500}',
      'outcome r1 #1 sent: sent (transfer tr-r1)',
      'mirror r1 sent',
      'claim r4',
    ]);
    expect(report).toMatchObject({ sent: 1, stale: 0, stopped: null });
  });

  it('taken over: a transfer is resent with the same key; a payment is never resent: not in the transactions, it goes to a person', async () => {
    const { wire, log } = scripted({
      rows: [row('t1', 'ready'), paymentRow('p1')],
      claims: { t1: claimOf('t1', 'transfer', 3, true), p1: claimOf('p1', 'payment', 2, true) },
    });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000);
    expect(log.filter((l) => l.startsWith('send'))).toEqual(['send transfer t1 with signed-key-t1 {"source":"va_a","destination":"va_b","amountCents":500}']);
    // Looked for from a minute before it was signed.
    expect(log).toContain('transactions from 2025-06-16T09:29:00.000Z');
    expect(log).toContain(
      'outcome p1 #2 needs-review: An earlier send of this payment stopped before its outcome was recorded, so it may have gone through. The service’s transactions since it was signed do not show it for certain. Look in the paying account’s transactions for a payment of $7.00 to @acme: if it is there, it went through and must not be sent again; if it is not, draft it again as a new payment.',
    );
    expect(report).toMatchObject({ sent: 1, review: 1 });
  });

  it('taken over: a payment the transactions show is recorded as sent with that transaction, not sent again', async () => {
    const debit: Transaction = { id: 'tx_9', date: SIGNED_AT, description: 'Payment to Acme (@acme)', amountCents: -700, status: 'posted', detailedStatus: 'settled', accountId: 'acct_1', accountSubtype: 'cash' };
    const { wire, log } = scripted({ rows: [paymentRow('p2')], claims: { p2: claimOf('p2', 'payment', 2, true) }, transactions: [debit] });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000);
    expect(log.filter((l) => l.startsWith('send'))).toEqual([]);
    expect(log).toContain('outcome p2 #2 sent: sent (found in the service’s transactions: tx_9)');
    expect(log).toContain('mirror p2 sent');
    expect(report).toMatchObject({ sent: 1, review: 0 });
  });

  it('a retryable failure gives the row back; a refusal fails it; a lost payment answer needs review', async () => {
    const { wire, log } = scripted({
      rows: [row('a', 'ready'), row('b', 'ready'), row('c', 'ready', { kind: 'payment' })],
      claims: { a: claimOf('a', 'transfer', 1), b: claimOf('b', 'transfer', 1), c: claimOf('c', 'payment', 1) },
      sends: { a: { type: 'retryable', message: 'The service did not answer in time.' }, b: { type: 'rejected', message: 'Insufficient funds.' }, c: { type: 'ambiguous', message: 'The connection dropped.' } },
    });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000);
    expect(log.filter((l) => l.startsWith('outcome') || l.startsWith('mirror'))).toEqual([
      'outcome a #1 open: The service did not answer in time.',
      'outcome b #1 failed: Insufficient funds.',
      'mirror b failed',
      'outcome c #1 needs-review: The connection dropped.',
    ]);
    expect(report).toMatchObject({ sent: 0, reopened: 1, failed: 1, review: 1 });
  });

  it('a stale claim records nothing more; an unreachable workspace stops the run', async () => {
    const { wire, log } = scripted({
      rows: [row('s', 'ready'), row('u', 'ready'), row('v', 'ready')],
      claims: { s: claimOf('s', 'transfer', 1), u: failure('unreachable', 'The workspace is unreachable.') },
      outcomes: { s: failure('stale-claim', 'Another desktop took this row over.') },
    });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000);
    expect(log).not.toContain('mirror s sent');
    expect(log).not.toContain('claim v');
    expect(report).toMatchObject({ sent: 0, stale: 1, stopped: 'The workspace is unreachable.' });
  });

  it('a run a change named rows for reads and sends only those; a change naming none reads nothing', async () => {
    const { wire, log } = scripted({
      rows: [row('n1', 'ready'), row('n2', 'ready'), row('n3', 'ready')],
      claims: { n1: claimOf('n1', 'transfer', 1), n2: claimOf('n2', 'transfer', 1), n3: claimOf('n3', 'transfer', 1) },
    });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000, new Set(['n2', 'gone']));
    expect(log.filter((l) => l.startsWith('read') || l.startsWith('claim'))).toEqual(['read n2,gone', 'claim n2']);
    expect(report).toMatchObject({ sent: 1 });
    log.length = 0;
    expect(await sendReadyTeamRows('p1', WS, SVC, wire, 60_000, new Set())).toMatchObject({ sent: 0, stopped: null });
    expect(log).toEqual([]);
  });

  it('a source’s transfers are claimed as a run, sent one by one in order, and their outcomes recorded together; one taken over meanwhile is not mirrored', async () => {
    const from = (source: string) => ({ payload: { source, destination: 'va_z', amountCents: 100 } });
    const { wire, log } = scripted({
      rows: [row('t1', 'ready', from('va_a')), row('t2', 'ready', from('va_a')), row('t3', 'ready', from('va_a'))],
      claims: { t1: claimOf('t1', 'transfer', 1), t2: ok({ claimed: false, why: 'held', text: 'held by another desktop' }), t3: claimOf('t3', 'transfer', 4, true) },
      outcomes: { t3: failure('stale-claim', 'Another desktop took this row over.') },
    });
    const report = await sendReadyTeamRows('p1', WS, SVC, wire, 60_000);
    expect(log).toEqual([
      'read all',
      'claim run t1,t2,t3',
      'send transfer t1 with signed-key-t1 {"source":"va_a","destination":"va_b","amountCents":500}',
      'send transfer t3 with signed-key-t3 {"source":"va_a","destination":"va_b","amountCents":500}',
      'outcomes t1 #1 sent, t3 #4 sent',
      'mirror t1 sent',
    ]);
    expect(report).toMatchObject({ sent: 1, stale: 1, stopped: null });
  });

  it('a run renews every claim until its outcomes are recorded, rows already sent included, and never sends a row whose lease was lost before its turn', async () => {
    vi.useFakeTimers();
    try {
      const from = { payload: { source: 'va_a', destination: 'va_z', amountCents: 100 } };
      const { wire, log } = scripted({
        rows: [row('t1', 'ready', from), row('t2', 'ready', from), row('t3', 'ready', from)],
        claims: { t1: claimOf('t1', 'transfer', 1), t2: claimOf('t2', 'transfer', 1), t3: claimOf('t3', 'transfer', 1) },
      });
      // t2's send hangs until let go (a slow service); t3's lease is found taken over meanwhile.
      let letGo = () => {};
      const slow = new Promise<void>((resolve) => (letGo = resolve));
      const send = wire.send;
      wire.send = async (r) => {
        const outcome = await send(r);
        if (r.id === 't2') await slow;
        return outcome;
      };
      wire.renew = async (_w, rowId) => {
        log.push(`renew ${rowId}`);
        return rowId === 't3' ? failure('stale-claim', 'Another desktop took this row over.') : ok({ leaseExpires: '' });
      };
      const run = sendReadyTeamRows('p1', WS, SVC, wire, 3_000);
      await vi.waitFor(() => expect(log.some((l) => l.startsWith('send transfer t2'))).toBe(true));
      await vi.advanceTimersByTimeAsync(1_000);
      letGo();
      const report = await run;
      expect(log.filter((l) => !l.startsWith('read'))).toEqual([
        'claim run t1,t2,t3',
        'send transfer t1 with signed-key-t1 {"source":"va_a","destination":"va_b","amountCents":500}',
        'send transfer t2 with signed-key-t2 {"source":"va_a","destination":"va_b","amountCents":500}',
        'renew t1',
        'renew t2',
        'renew t3',
        'outcomes t1 #1 sent, t2 #1 sent',
        'mirror t1 sent',
        'mirror t2 sent',
      ]);
      expect(report).toMatchObject({ sent: 2, stale: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});
