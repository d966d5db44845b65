import { describe, expect, it } from 'vitest';
import { judgeKillRun, type KillEvidence } from '../team-kill/verdict';

// The kill test's verdict on made-up evidence: a clean run passes, and each way of going wrong
// (money moved twice, a row lost, a payment sent twice, kills that came at no useful moment) is
// named, so the test cannot pass without what it claims.

function clean(): KillEvidence {
  const planned = [1, 2].map((i) => ({
    rowId: `row-${i}`,
    idempotencyKey: `key-${i}`,
    amountCents: 100 + i,
    source: 'va-a',
    destination: 'va-b',
  }));
  return {
    planned,
    ledger: planned.map((p, i) => ({
      id: `tr-${i}`,
      idempotencyKey: p.idempotencyKey,
      amountCents: p.amountCents,
      source: p.source,
      destination: p.destination,
    })),
    balanceChanges: { 'va-a': -203, 'va-b': 203 },
    rows: planned.map((p, i) => ({ id: p.rowId, state: 'sent', outcome: `sent (transfer tr-${i})` })),
    kills: [
      { desktop: 'A', heldLease: true, sendInFlight: true },
      { desktop: 'B', heldLease: false, sendInFlight: false },
    ],
    starts: { A: 2, B: 2 },
    takeovers: 1,
    minKillsPerDesktop: 1,
    payment: { amountCents: 777, inLedger: 1, posts: 1, state: 'sent', killedMidSend: true, takenOver: true },
  };
}

describe('the kill test’s verdict', () => {
  it('passes a run where every row moved money once and the kills came mid-claim and mid-send', () => {
    expect(judgeKillRun(clean())).toEqual([]);
  });

  it('names a transfer sent twice, a row lost and balances that do not add up', () => {
    const e = clean();
    const twice = {
      ...e,
      ledger: [
        ...e.ledger,
        { id: 'tr-9', idempotencyKey: 'key-1', amountCents: 101, source: 'va-a', destination: 'va-b' },
      ],
      balanceChanges: { 'va-a': -304, 'va-b': 304 },
    };
    expect(judgeKillRun(twice)).toEqual([
      'row row-1 (101 cents) moved money 2 times',
      'account va-a moved by -304 cents; the 2 rows (203 cents) say -203',
      'account va-b moved by 304 cents; the 2 rows (203 cents) say 203',
    ]);
    const lost = {
      ...e,
      rows: [
        { id: 'row-1', state: 'sent', outcome: 'sent (transfer tr-0)' },
        { id: 'row-2', state: 'open', outcome: null },
      ],
    };
    expect(judgeKillRun(lost)).toEqual([
      '1 rows not sent in the workspace (lost): row-2 open',
      'row row-2\'s outcome "" does not name the ledger\'s transfer tr-1',
    ]);
  });

  it('names kills that never came mid-claim or mid-send, and a payment sent twice', () => {
    const e = clean();
    const idle = { ...e, kills: e.kills.map((k) => ({ ...k, heldLease: false, sendInFlight: false })), takeovers: 0 };
    expect(judgeKillRun(idle)).toEqual([
      'no kill came while a desktop held a claim',
      'no kill came while a send was in flight',
      'no claim took over one a killed desktop left',
    ]);
    const twice = { ...e, payment: { ...e.payment, inLedger: 2, posts: 2, state: 'open' } };
    expect(judgeKillRun(twice)).toEqual([
      'the payment interrupted mid-send is in the ledger 2 times (once wanted)',
      'the payment interrupted mid-send was POSTed 2 times (once wanted)',
      'the payment interrupted mid-send ended open (sent wanted: it reached the service, and the takeover’s reconciliation should find it)',
    ]);
  });
});
