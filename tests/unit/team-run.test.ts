import { describe, expect, it, vi } from 'vitest';
import { sendReadyTeamRows } from '../../src/main/workspace/sending/team-run';
import type { Transaction } from '../../src/shared/service';
import { listedRow } from '../support/team-fixtures';
import {
  lines,
  LONG_AGO,
  ME,
  NOW,
  paymentRow,
  scripted,
  transferRow,
  unsettled,
  UNREACHABLE,
  withUnsettled,
} from '../support/team-run-wire';

// main's team run with the workspace and the service scripted (team-run-wire.ts): what it claims,
// what it sends and with which key, what it records with which fencing number and payload hash,
// and what it never does (resend a payment an earlier claim may have sent, resend a transfer whose
// key the service may have forgotten, record with a claim that stands no more). Expected words are
// written out here by hand.

const SENT_TRANSFER = '{"source":"va_a","destination":"va_b","amountCents":500}';
const PAYMENT = '{"svcHandle":"acme","amountCents":700}';
/**
 * The window of transactions a look reads: from its first approval (here when the draft was
 * signed), less an hour for the signers' clocks and a minute more, until two minutes after now.
 */
const LOOKED_FOR = 'transactions 2025-06-17T08:59:00.000Z to 2025-06-17T12:02:00.000Z';
const CHECK_PAYMENT =
  'Look in the paying account’s transactions for a payment of $7.00 to @acme: if it is there, it went through and must not be sent again; if it is not, an approver reviews it as not sent, and it goes out with its key.';
const PAYMENT_NOT_FOUND = `An earlier send of this payment (by Bea Sender) has no signed outcome, so it may have gone through. The service’s transactions since it was approved do not show it for certain. ${CHECK_PAYMENT}`;
/** Why a first send waits for a person: a movement like it is already in the transactions. */
const HELD = (tx: string) =>
  `Not sent: a payment of $7.00 to @acme is in the paying account’s transactions since it was approved (${tx}). It may be this one, sent before; the service cannot tell such payments apart, so a person decides. If it is this one, an approver reviews it as gone through; if it belongs to another row, as not sent, and it goes out with its key.`;
const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(NOW - h * HOUR).toISOString();

/** A payment's debit naming @acme, as the service lists it. */
const debit = (id: string, cents = 700, handle = 'acme'): Transaction => ({
  id,
  date: '2025-06-17T11:00:00.000Z',
  description: `Payment to Acme (@${handle})`,
  amountCents: -cents,
  status: 'posted',
  detailedStatus: 'settled',
  accountId: 'acct_1',
  accountSubtype: 'cash',
});

/** A transfer's two legs, va_a to va_b. */
const transferLegs = (n: string): Transaction[] => [
  {
    id: `tx_${n}_out`,
    date: '2025-06-16T10:00:00.000Z',
    description: 'Transfer to Operations',
    amountCents: -500,
    status: 'posted',
    detailedStatus: 'settled',
    accountId: 'acct_1',
    accountSubtype: 'cash',
    virtualAccountId: 'va_a',
  },
  {
    id: `tx_${n}_in`,
    date: '2025-06-16T10:00:05.000Z',
    description: 'Transfer from Main',
    amountCents: 500,
    status: 'posted',
    detailedStatus: 'settled',
    accountId: 'acct_1',
    accountSubtype: 'cash',
    virtualAccountId: 'va_b',
  },
];

describe('main’s team run', () => {
  it('claims only ready rows nobody holds, sends the claim’s payload with its key, and records the outcome with its fencing number and payload hash', async () => {
    const { wire, log } = scripted({
      rows: [
        transferRow('r1', 'va_a', { fence: 4 }),
        listedRow('r2', { payload: { source: 'va_a', destination: 'va_b', amountCents: 500 } }),
        transferRow('r3', 'va_a', { lease: { holder: 'ws_m_other', expires: '2025-06-17T12:01:00.000Z' } }),
        transferRow('r4'),
        transferRow('r5', 'va_a', {
          verdict: {
            status: 'blocked',
            text: 'Bea Sender signed it under a directory entry this desktop has not verified yet.',
            ignored: [],
          },
        }),
        transferRow('r6'),
        // The database lists it open; its signed history says it was sent.
        transferRow('r7', 'va_a', { state: 'sent', dbState: 'open' }),
      ],
      refuse: { r4: { claimed: false, why: 'held', text: 'Another desktop (ws_m_other) is sending it.' } },
      signed: { r1: { source: 'va_a', destination: 'va_b', amountCents: 500, memo: 'as signed' } },
    });
    const report = await sendReadyTeamRows(wire, { skip: (r) => r.id === 'r6' });
    expect(log).toEqual([
      'read all',
      'claim r1,r4',
      'read r1 with closed',
      'send transfer r1 with signed-key-r1 {"source":"va_a","destination":"va_b","amountCents":500,"memo":"as signed"}',
      'record r1',
      'outcome r1 #5 hash-r1 sent: sent (transfer tr-r1)',
    ]);
    expect(report).toEqual({
      sent: 1,
      reopened: 0,
      failed: 0,
      review: 0,
      stale: 0,
      retryIn: new Map(),
      done: ['r1'],
      stopped: null,
    });
  });

  it('an earlier unsettled claim: a transfer within the key window is resent with the same key, and nothing is looked for', async () => {
    const { wire, log } = scripted({
      rows: [transferRow('t1', 'va_a', { fence: 2, ...withUnsettled(unsettled(hoursAgo(1), 2)) })],
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([`send transfer t1 with signed-key-t1 ${SENT_TRANSFER}`]);
    expect(lines(log, 'transactions')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual(['outcome t1 #3 hash-t1 sent: sent (transfer tr-t1)']);
    expect(report).toMatchObject({ sent: 1, review: 0 });
  });

  it('a payment an earlier claim may have sent is never resent: not in the transactions, it goes to a person with what to look for', async () => {
    const { wire, log } = scripted({
      rows: [paymentRow('p1', { fence: 1, ...withUnsettled(unsettled(hoursAgo(1), 1)) })],
      transactions: [debit('tx_other', 900)],
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'transactions')).toEqual([LOOKED_FOR]);
    expect(lines(log, 'outcome')).toEqual([`outcome p1 #2 hash-p1 needs-review: ${PAYMENT_NOT_FOUND}`]);
    expect(report).toMatchObject({ sent: 0, review: 1 });
  });

  it('a payment the transactions show is recorded as sent with the transaction, not sent again', async () => {
    const { wire, log } = scripted({
      rows: [paymentRow('p2', { fence: 1, ...withUnsettled(unsettled(hoursAgo(5), 1)) })],
      transactions: [debit('tx_9')],
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual([
      'outcome p2 #2 hash-p2 sent: sent (found in the service’s transactions: tx_9)',
    ]);
    expect(report).toMatchObject({ sent: 1, review: 0 });
  });

  it('a payment whose transactions could not be read goes to a person, saying so', async () => {
    const { wire, log } = scripted({
      rows: [paymentRow('p3', { fence: 1, ...withUnsettled(unsettled(hoursAgo(1), 1)) })],
      transactions: null,
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual([
      `outcome p3 #2 hash-p3 needs-review: An earlier send of this payment (by Bea Sender) has no signed outcome, so it may have gone through. The service’s transactions could not be read to tell. ${CHECK_PAYMENT}`,
    ]);
  });

  it('a transfer whose earliest unsettled claim is older than 24 hours is looked for, never resent', async () => {
    const old = () => ({
      fence: 2,
      ...withUnsettled(unsettled('2025-06-16T10:00:00.000Z', 1), unsettled(hoursAgo(2), 2, ME)),
    });
    const missing = scripted({ rows: [transferRow('t2', 'va_a', old(), LONG_AGO)] });
    expect(await sendReadyTeamRows(missing.wire)).toMatchObject({ sent: 0, review: 1 });
    expect(lines(missing.log, 'send')).toEqual([]);
    expect(lines(missing.log, 'transactions')).toEqual([
      'transactions 2025-06-16T08:29:00.000Z to 2025-06-17T12:02:00.000Z',
    ]);
    expect(lines(missing.log, 'outcome')).toEqual([
      'outcome t2 #3 hash-t2 needs-review: An earlier send of this transfer (by Bea Sender and Cal Controller) has no signed outcome, so it may have gone through, and the service may no longer hold its key. The service’s transactions since it was approved do not show it for certain. Look in the paying account’s transactions for a transfer of $5.00 from va_a to va_b: if it is there, it went through and must not be sent again; if it is not, an approver reviews it as not sent, and it goes out with its key.',
    ]);

    const found = scripted({ rows: [transferRow('t3', 'va_a', old(), LONG_AGO)], transactions: transferLegs('1') });
    expect(await sendReadyTeamRows(found.wire)).toMatchObject({ sent: 1, review: 0 });
    expect(lines(found.log, 'send')).toEqual([]);
    expect(lines(found.log, 'outcome')).toEqual([
      'outcome t3 #3 hash-t3 sent: sent (found in the service’s transactions: tx_1_out)',
    ]);
  });

  it('whether an earlier claim may have sent it is read from the rows after the claim, this desktop’s own claim told apart by fence and member', async () => {
    const { wire, log } = scripted({
      rows: [
        paymentRow('p4'),
        paymentRow('p5', { fence: 3, ...withUnsettled(unsettled(hoursAgo(3), 3, ME)) }),
        paymentRow('p6'),
      ],
      // The workspace handed p4's claim to Bea's desktop too: the claim said nothing of it.
      reread: {
        p4: (r) => ({
          ...r,
          history: { ...r.history, unresolved: [unsettled(hoursAgo(0), 1), ...r.history.unresolved] },
        }),
      },
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([`send payment p6 with signed-key-p6 ${PAYMENT}`]);
    expect(lines(log, 'outcome')).toEqual([
      `outcome p4 #1 hash-p4 needs-review: ${PAYMENT_NOT_FOUND}`,
      // This desktop's own earlier claim (fence 3), cut short: it may have gone through too.
      `outcome p5 #4 hash-p5 needs-review: ${PAYMENT_NOT_FOUND.replace('Bea Sender', 'Cal Controller')}`,
      'outcome p6 #1 hash-p6 sent: sent (transfer tr-p6)',
    ]);
    expect(report).toMatchObject({ sent: 1, review: 2 });
  });

  it('a retryable failure gives the row back with when to look again; a refusal fails it; an ambiguous payment needs review', async () => {
    const { wire, log } = scripted({
      rows: [transferRow('a'), transferRow('b'), paymentRow('c'), transferRow('d'), transferRow('e')],
      sends: {
        a: { type: 'retryable', message: 'The service did not answer in time.', retryAfterMs: 30_000 },
        b: { type: 'rejected', message: 'Insufficient funds.' },
        c: { type: 'ambiguous', message: 'The connection dropped after the payment was sent.' },
        d: { type: 'held', message: 'The service asked to wait before this key is sent again.', retryAfterMs: 5_000 },
        e: { type: 'blocked', message: 'This desktop holds no API key for the profile.' },
      },
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'outcome').sort()).toEqual([
      'outcome a #1 hash-a open: The service did not answer in time.',
      'outcome b #1 hash-b failed: Insufficient funds.',
      'outcome c #1 hash-c needs-review: The connection dropped after the payment was sent.',
      'outcome d #1 hash-d open: The service asked to wait before this key is sent again.',
      'outcome e #1 hash-e open: This desktop holds no API key for the profile.',
    ]);
    expect(report).toEqual({
      sent: 0,
      reopened: 3,
      failed: 1,
      review: 1,
      stale: 0,
      retryIn: new Map([
        ['a', 30_000],
        ['d', 5_000],
      ]),
      done: ['c', 'b'],
      stopped: null,
    });
  });

  it('a claim that stands no more when its outcome comes is stale, and nothing is counted for it', async () => {
    const { wire, log } = scripted({
      rows: [transferRow('s1'), transferRow('s2'), transferRow('s3')],
      refuse: { s3: { claimed: false, why: 'closed', text: 'That row is sent already: nothing to send.' } },
      takenOver: ['s2'],
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'outcome')).toEqual([
      'outcome s1 #1 hash-s1 sent: sent (transfer tr-s1)',
      'outcome s2 #1 hash-s2 sent: sent (transfer tr-s2)',
    ]);
    expect(report).toMatchObject({ sent: 1, stale: 1, reopened: 0 });
  });

  it('a workspace that cannot be read stops the run before anything is claimed', async () => {
    const { wire, log } = scripted({ rows: [transferRow('u')], unreachable: { read: true } });
    expect(await sendReadyTeamRows(wire)).toEqual({
      sent: 0,
      reopened: 0,
      failed: 0,
      review: 0,
      stale: 0,
      retryIn: new Map(),
      done: [],
      stopped: UNREACHABLE,
    });
    expect(log).toEqual(['read all']);
  });

  it('a claim the workspace does not answer stops the run: the rows after it are not claimed', async () => {
    const { wire, log } = scripted({ rows: [paymentRow('u'), paymentRow('v')], unreachable: { claim: 'u' } });
    expect(await sendReadyTeamRows(wire)).toMatchObject({ sent: 0, stopped: UNREACHABLE });
    expect(log).toEqual(['read all', 'claim u']);
  });

  it('rows that cannot be read again after the claim are not sent: the claims are given back, and the run stops', async () => {
    const { wire, log } = scripted({ rows: [transferRow('w1'), transferRow('w2')], unreachable: { reread: true } });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    const why = 'Not sent: the workspace could not be read again after the claim (The workspace is unreachable.).';
    expect(lines(log, 'outcome')).toEqual([`outcome w1 #1 hash-w1 open: ${why}`, `outcome w2 #1 hash-w2 open: ${why}`]);
    expect(report).toMatchObject({ sent: 0, stopped: UNREACHABLE });
  });

  it('a run a change named rows for reads and sends only those; a change naming none reads nothing', async () => {
    const { wire, log } = scripted({ rows: [transferRow('n1'), transferRow('n2'), transferRow('n3')] });
    expect(await sendReadyTeamRows(wire, { named: new Set(['n2', 'gone']) })).toMatchObject({ sent: 1 });
    expect(lines(log, 'read')).toEqual(['read n2,gone', 'read n2 with closed']);
    expect(lines(log, 'claim')).toEqual(['claim n2']);
    log.length = 0;
    expect(await sendReadyTeamRows(wire, { named: new Set() })).toEqual({
      sent: 0,
      reopened: 0,
      failed: 0,
      review: 0,
      stale: 0,
      retryIn: new Map(),
      done: [],
      stopped: null,
    });
    expect(log).toEqual([]);
  });

  it('a source’s transfers are claimed as one run, sent one by one in order, and their outcomes recorded together', async () => {
    const { wire, log } = scripted({
      rows: [transferRow('t1'), transferRow('t2'), transferRow('t3')],
      refuse: { t2: { claimed: false, why: 'held', text: 'Another desktop (ws_m_other) is sending it.' } },
    });
    const report = await sendReadyTeamRows(wire);
    expect(log).toEqual([
      'read all',
      'claim t1,t2,t3',
      'read t1,t3 with closed',
      `send transfer t1 with signed-key-t1 ${SENT_TRANSFER}`,
      `send transfer t3 with signed-key-t3 ${SENT_TRANSFER}`,
      'record t1,t3',
      'outcome t1 #1 hash-t1 sent: sent (transfer tr-t1)',
      'outcome t3 #1 hash-t3 sent: sent (transfer tr-t3)',
    ]);
    expect(report).toMatchObject({ sent: 2, stale: 0 });
  });

  it('transfers go in runs of 25 per source, each source its own run; payments one at a time', async () => {
    const many = Array.from({ length: 27 }, (_, i) => transferRow(`a${String(i + 1).padStart(2, '0')}`));
    const { wire, log } = scripted({ rows: [...many, transferRow('b1', 'va_c'), paymentRow('p1'), paymentRow('p2')] });
    const report = await sendReadyTeamRows(wire);
    const first25 = many
      .slice(0, 25)
      .map((r) => r.id)
      .join(',');
    expect(lines(log, 'claim').sort()).toEqual(
      [`claim ${first25}`, 'claim a26,a27', 'claim b1', 'claim p1', 'claim p2'].sort(),
    );
    expect(lines(log, 'record').sort()).toEqual(
      [`record ${first25}`, 'record a26,a27', 'record b1', 'record p1', 'record p2'].sort(),
    );
    expect(report).toMatchObject({ sent: 30, stopped: null });
  });

  it('renews every claim of a run until its outcomes are recorded, rows already sent included, and never sends a row whose lease was lost before its turn', async () => {
    vi.useFakeTimers();
    try {
      const { wire, log } = scripted({
        rows: [transferRow('t1'), transferRow('t2'), transferRow('t3')],
        lostOnRenew: ['t3'],
      });
      // t2's send hangs until let go (a slow service); t3's lease is found lost meanwhile.
      let letGo = () => {};
      const slow = new Promise<void>((resolve) => (letGo = resolve));
      const send = wire.send;
      wire.send = async (row) => {
        const outcome = await send(row);
        if (row.rowId === 't2') await slow;
        return outcome;
      };
      const run = sendReadyTeamRows(wire, { leaseMs: 3_000 });
      await vi.waitFor(() => expect(lines(log, 'send')).toHaveLength(2));
      await vi.advanceTimersByTimeAsync(1_000);
      letGo();
      const report = await run;
      expect(log.filter((l) => !l.startsWith('read'))).toEqual([
        'claim t1,t2,t3',
        `send transfer t1 with signed-key-t1 ${SENT_TRANSFER}`,
        `send transfer t2 with signed-key-t2 ${SENT_TRANSFER}`,
        'renew t1 #1',
        'renew t2 #1',
        'renew t3 #1',
        'record t1,t2',
        'outcome t1 #1 hash-t1 sent: sent (transfer tr-t1)',
        'outcome t2 #1 hash-t2 sent: sent (transfer tr-t2)',
      ]);
      expect(report).toMatchObject({ sent: 2, stale: 1 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('main’s team run when the workspace says the row moved on', () => {
  it('never sends a row that the rows read again show closed, or without this desktop’s claim', async () => {
    const { wire, log } = scripted({
      rows: [paymentRow('p7'), transferRow('t7')],
      reread: {
        // Another desktop was handed the claim too, sent it and signed its outcome before this read.
        p7: (r) => ({
          ...r,
          state: 'sent',
          history: {
            unresolved: [],
            last: 'sent by Bea Sender’s desktop: sent',
            ignored: ['Cal Controller’s claim came after the row was sent'],
            reviewing: null,
            reopenedAt: null,
          },
        }),
        // The workspace did not keep this desktop's signed claim: nobody else would know it may have gone.
        t7: (r) => ({ ...r, history: { ...r.history, unresolved: [] } }),
      },
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual([]);
    expect(report).toMatchObject({ sent: 0, stale: 2 });
  });

  it('a look-alike sent before counts against a takeover’s transactions, and its debit holds a look-alike’s first send for a person', async () => {
    const sent = {
      state: 'sent' as const,
      dbState: 'sent',
      history: {
        unresolved: [],
        last: 'sent by Bea Sender’s desktop: sent',
        ignored: [],
        reviewing: null,
        reopenedAt: null,
      },
    };
    const { wire, log } = scripted({
      rows: [
        paymentRow('pb', sent),
        paymentRow('pc', { fence: 1, ...withUnsettled(unsettled(hoursAgo(1), 1)) }),
        paymentRow('pd'),
      ],
      // The one debit of $7.00 to @acme: pb's, or pc's before it was taken over, or (a history the database lost) pd's.
      transactions: [debit('tx_pb')],
    });
    const report = await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual([
      `outcome pc #2 hash-pc needs-review: ${PAYMENT_NOT_FOUND}`,
      `outcome pd #1 hash-pd needs-review: ${HELD('tx_pb')}`,
    ]);
    expect(report).toMatchObject({ sent: 0, review: 2 });
  });

  it('a look-alike the database says was claimed explains no debit: the first send of a payment whose history it may have lost is held (the database’s claim count is not believed)', async () => {
    // P was paid, then the database deleted its history; it shows a look-alike Q as claimed (its column only) to account for the debit.
    const { wire, log } = scripted({
      rows: [paymentRow('q', { claims: 1, fence: 1 }), paymentRow('p')],
      transactions: [debit('tx_p')],
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual([
      `outcome q #2 hash-q needs-review: ${HELD('tx_p')}`,
      `outcome p #1 hash-p needs-review: ${HELD('tx_p')}`,
    ]);
  });

  it('the look starts from the first approval, not from the drafter’s clock: a draft dated ahead of its approvals does not narrow it', async () => {
    // The drafter's clock ran 10 minutes ahead (the draft says 11:50); Cal approved at 11:45 by his; an earlier send at 11:47 was lost with its history.
    const ahead = paymentRow(
      'pa',
      {
        verdict: {
          status: 'ready',
          approvedBy: ['m'],
          required: 1,
          policyVersion: 1,
          ignored: [],
          firstApprovedAt: '2025-06-17T11:45:00.000Z',
        },
      },
      'acme',
      700,
      '2025-06-17T11:50:00.000Z',
    );
    const { wire, log } = scripted({
      rows: [ahead],
      transactions: [{ ...debit('tx_early'), date: '2025-06-17T11:47:00.000Z' }],
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'transactions')).toEqual(['transactions 2025-06-17T10:44:00.000Z to 2025-06-17T12:02:00.000Z']);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'outcome')).toEqual([`outcome pa #1 hash-pa needs-review: ${HELD('tx_early')}`]);
  });

  it('after an approver found it had not gone through, the look starts at their review: what they checked is theirs to answer for', async () => {
    const reopened = {
      history: {
        unresolved: [],
        last: 'found not to have gone through by Ann: nothing since 09:00',
        ignored: [],
        reviewing: null,
        reopenedAt: '2025-06-17T11:30:00.000Z',
      },
    };
    // A look-alike's debit before the review (Ann saw it and said it was not this row's), none since: it is sent.
    const { wire, log } = scripted({
      rows: [paymentRow('pr', reopened)],
      transactions: [{ ...debit('tx_before'), date: '2025-06-17T11:00:00.000Z' }],
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'transactions')).toEqual(['transactions 2025-06-17T11:24:00.000Z to 2025-06-17T12:02:00.000Z']);
    expect(lines(log, 'send')).toEqual([`send payment pr with signed-key-pr ${PAYMENT}`]);
  });

  it('a payment whose look-alikes cannot be read goes to a person, as when the transactions cannot be read', async () => {
    const { wire, log } = scripted({
      rows: [paymentRow('pd', { fence: 1, ...withUnsettled(unsettled(hoursAgo(1), 1)) })],
      transactions: [debit('tx_1')],
      unreachable: { service: true },
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'outcome')).toEqual([
      `outcome pd #2 hash-pd needs-review: An earlier send of this payment (by Bea Sender) has no signed outcome, so it may have gone through. The service’s transactions could not be read to tell. ${CHECK_PAYMENT}`,
    ]);
  });

  it('counts a look-alike waiting for a review as one that may have moved money', async () => {
    const { wire, log } = scripted({
      rows: [
        paymentRow('pn', { state: 'needs-review', dbState: 'needs-review' }),
        paymentRow('pc', { fence: 1, ...withUnsettled(unsettled(hoursAgo(1), 1)) }),
      ],
      transactions: [debit('tx_pn')],
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'claim')).toEqual(['claim pc']);
    expect(lines(log, 'outcome')).toEqual([`outcome pc #2 hash-pc needs-review: ${PAYMENT_NOT_FOUND}`]);
  });

  it('this desktop’s send journal is asked first: a key it must not send again goes to a person (or fails), and nothing is read or sent', async () => {
    const { wire, log } = scripted({
      rows: [paymentRow('j1'), transferRow('j2')],
      journal: {
        j1: { state: 'needs-review', detail: 'Not sent again: main sent this payment before.' },
        j2: { state: 'failed', detail: 'Not sent: this key was sent before with another transfer.' },
      },
    });
    await sendReadyTeamRows(wire);
    expect(lines(log, 'send')).toEqual([]);
    expect(lines(log, 'transactions')).toEqual([]);
    expect(lines(log, 'outcome').sort()).toEqual([
      'outcome j1 #1 hash-j1 needs-review: Not sent again: main sent this payment before.',
      'outcome j2 #1 hash-j2 failed: Not sent: this key was sent before with another transfer.',
    ]);
  });

  it('before a payment’s first send, the service’s transactions are read: one no row accounts for leaves it to a person; none, it is sent', async () => {
    const seen = scripted({ rows: [paymentRow('f1')], transactions: [debit('tx_old')] });
    expect(await sendReadyTeamRows(seen.wire)).toMatchObject({ sent: 0, review: 1 });
    expect(lines(seen.log, 'send')).toEqual([]);
    expect(lines(seen.log, 'outcome')).toEqual([`outcome f1 #1 hash-f1 needs-review: ${HELD('tx_old')}`]);

    const clear = scripted({ rows: [paymentRow('f2')] });
    expect(await sendReadyTeamRows(clear.wire)).toMatchObject({ sent: 1 });
    expect(lines(clear.log, 'transactions')).toEqual([LOOKED_FOR]);
    expect(lines(clear.log, 'send')).toEqual([`send payment f2 with signed-key-f2 ${PAYMENT}`]);

    const unreadable = scripted({ rows: [paymentRow('f3')], transactions: null });
    expect(await sendReadyTeamRows(unreadable.wire)).toMatchObject({
      sent: 0,
      reopened: 1,
      retryIn: new Map([['f3', 0]]),
    });
    expect(lines(unreadable.log, 'send')).toEqual([]);
    expect(lines(unreadable.log, 'outcome')).toEqual([
      'outcome f3 #1 hash-f3 open: Not sent yet: the service’s transactions could not be read to check that a payment of $7.00 to @acme was not sent before. It is tried again.',
    ]);
  });

  it('a transfer signed longer ago than the service keeps keys is looked for before its first send; a recent one is sent at once', async () => {
    const old = scripted({ rows: [transferRow('o1', 'va_a', {}, LONG_AGO)], transactions: transferLegs('7') });
    expect(await sendReadyTeamRows(old.wire)).toMatchObject({ sent: 0, review: 1 });
    expect(lines(old.log, 'send')).toEqual([]);
    const recent = scripted({ rows: [transferRow('o2')], transactions: transferLegs('8') });
    expect(await sendReadyTeamRows(recent.wire)).toMatchObject({ sent: 1 });
    expect(lines(recent.log, 'transactions')).toEqual([]);
  });

  it('a renewal the workspace cannot answer loses the lease for the rest of the run: what was not sent yet is not sent', async () => {
    vi.useFakeTimers();
    try {
      const { wire, log } = scripted({ rows: [transferRow('w1'), transferRow('w2')] });
      let letGo = () => {};
      const slow = new Promise<void>((resolve) => (letGo = resolve));
      const send = wire.send;
      wire.send = async (row) => {
        const outcome = await send(row);
        if (row.rowId === 'w1') await slow;
        return outcome;
      };
      wire.renew = async (rowId) => {
        log.push(`renew ${rowId}`);
        throw new Error(UNREACHABLE);
      };
      const run = sendReadyTeamRows(wire, { leaseMs: 3_000 });
      await vi.waitFor(() => expect(lines(log, 'send')).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(1_000);
      letGo();
      const report = await run;
      expect(lines(log, 'send')).toEqual([`send transfer w1 with signed-key-w1 ${SENT_TRANSFER}`]);
      expect(report).toMatchObject({ sent: 0, stale: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
