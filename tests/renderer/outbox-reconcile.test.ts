import { beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../src/renderer/src/outbox/model/transitions';
import {
  keyMayBeForgotten,
  NOT_FOUND_AFTER_KEY_EXPIRED,
  notFoundAfterKeyExpired,
  planReconciliation,
  reviewWindow,
  spanOf,
  type Movement,
} from '../../src/renderer/src/outbox/model/reconcile-plan';
import { evidenceOf } from '../../src/shared/outbox/movements';
import { move } from '../../src/sandbox/accounts/postings';
import { pay } from '../../src/sandbox/payments/pay';
import { transfer } from '../../src/sandbox/payments/transfers';
import { createWorld } from '../../src/sandbox/seed/create-world';
import type { World } from '../../src/sandbox/world/world';
import type { OutboxRow } from '../../src/shared/outbox';
import { IDEMPOTENCY_HEADER, type Transaction } from '../../src/shared/service';
import { paymentInput, row, T0, transferInput, SVC } from '../support/outbox-fixtures';

// The transactions here are the sandbox's own: its transfer, payment and commission code books
// them, so the matching is tested against the shape the service simulator really lists.

const MIN = 60_000;
const HOUR = 60 * MIN;
const random = () => 0.5;

let world: World;
let simulatedNow = T0;
let primary: string;
let savings: string;
let payroll: string;

beforeEach(() => {
  simulatedNow = T0;
  world = createWorld({ seed: 5, transactions: 0, now: () => simulatedNow });
  primary = world.primaryVirtualAccountId;
  const open = [...world.virtualAccounts.values()].filter((v) => v.id !== primary && v.closedAt === null);
  if (open.length < 2) throw new Error('the seed needs two open virtual accounts besides the primary one');
  savings = (open[0] as { id: string }).id;
  payroll = (open[1] as { id: string }).id;
});

/** What the service lists for the window, as GET /transaction would. */
const listed = (fromMs = T0 - 48 * HOUR, toMs = T0 + 48 * HOUR): Transaction[] =>
  world.transactions.list({ fromDateMs: fromMs, toDateMs: toMs }, undefined, 100_000).items;

/** The service processes a transfer at `at` on its clock. */
function serviceTransfers(
  at: number,
  body: { source: string; destination: string; amountCents: number; memo?: string },
  key = crypto.randomUUID(),
): string {
  simulatedNow = at;
  return transfer(world, body, { [IDEMPOTENCY_HEADER]: key }, '/transfer/virtual-account').transferId;
}

const retryable = { type: 'retryable', message: 'The connection dropped before the service answered.' } as const;

/** A transfer first sent at `firstAt` that only ever got retryable failures, left in review when its key aged out. */
function transferInReview(
  amountCents: number,
  source: string,
  destination: string,
  firstAt = T0,
  opts: { memo?: string; retries?: number[] } = {},
): OutboxRow {
  let r = t.submit(
    row(transferInput(source, destination, amountCents, opts.memo ? { memo: opts.memo } : {}), firstAt - MIN),
    false,
    firstAt - MIN,
    SVC,
  );
  r = t.recordOutcome(t.claim(r, firstAt, SVC), retryable, firstAt + 1_000, random);
  for (const at of opts.retries ?? [])
    r = t.recordOutcome(t.claim({ ...r, nextAttemptAt: undefined }, at, SVC), retryable, at + 1_000, random);
  return t.keyExpired(r, firstAt + 25 * HOUR);
}

function sentTransfer(amountCents: number, source: string, destination: string, at: number): OutboxRow {
  const r = t.submit(row(transferInput(source, destination, amountCents), at - MIN), false, at - MIN, SVC);
  return t.recordOutcome(t.claim(r, at, SVC), { type: 'ok', value: { transferId: 'tr_x' } }, at + 500, random);
}

const NOW = T0 + 25 * HOUR + 5 * MIN;
const ids = (rows: { row: { id: string } }[]) => rows.map((r) => r.row.id);

describe('transfers whose key expired, found in the service\u2019s transactions', () => {
  it('a transfer the service processed before its answer was lost is resolved with its debit', () => {
    const transferId = serviceTransfers(T0 + 300, { source: primary, destination: savings, amountCents: 12_345 });
    const review = transferInReview(12_345, primary, savings);
    const found = listed();
    const debit = found.find((tx) => tx.amountCents === -12_345);
    expect(debit).toMatchObject({
      virtualAccountId: primary,
      description: expect.stringMatching(/^Transfer to /),
      status: 'posted',
    });
    expect(found.find((tx) => tx.amountCents === 12_345)).toMatchObject({
      virtualAccountId: savings,
      description: expect.stringMatching(/^Transfer from /),
    });
    expect(world.ledger.map((e) => e.id)).toEqual([transferId]);

    const plan = planReconciliation([review], found);
    expect(plan.resolved).toEqual([{ row: review, transactionId: debit?.id }]);
    expect(plan.unresolved).toEqual([]);
  });

  it('one never processed is left for a person, who is told the key may be forgotten', () => {
    serviceTransfers(T0 + 300, { source: primary, destination: savings, amountCents: 999 });
    const review = transferInReview(12_345, primary, savings);
    const plan = planReconciliation([review], listed());
    expect(plan.resolved).toEqual([]);
    expect(plan.unresolved).toEqual([review]);
    expect(keyMayBeForgotten(review, NOW)).toBe(true);
  });

  it('the money may have moved at any of its sends: a transfer booked at a later retry is found too', () => {
    serviceTransfers(T0 + 6 * HOUR + 200, { source: primary, destination: savings, amountCents: 500 });
    const review = transferInReview(500, primary, savings, T0, { retries: [T0 + 2 * HOUR, T0 + 6 * HOUR] });
    expect(ids(planReconciliation([review], listed()).resolved)).toEqual([review.id]);
  });

  it('a transfer of the same amount and accounts booked long after its last send is someone else\u2019s', () => {
    serviceTransfers(T0 + 3 * HOUR, { source: primary, destination: savings, amountCents: 500 });
    const review = transferInReview(500, primary, savings);
    expect(planReconciliation([review], listed()).resolved).toEqual([]);
  });

  it('two rows in review and one transfer found: nothing is decided, both wait for a person', () => {
    serviceTransfers(T0 + 300, { source: primary, destination: savings, amountCents: 700 });
    const a = transferInReview(700, primary, savings);
    const b = transferInReview(700, primary, savings, T0 + 30_000);
    const plan = planReconciliation([a, b], listed());
    expect(plan.resolved).toEqual([]);
    expect(plan.unresolved.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('a row of the group sent in the same time accounts for one transfer first', () => {
    serviceTransfers(T0 + 200, { source: primary, destination: savings, amountCents: 700 });
    const sent = sentTransfer(700, primary, savings, T0 + 100);
    const review = transferInReview(700, primary, savings);
    expect(planReconciliation([sent, review], listed()).resolved).toEqual([]);

    serviceTransfers(T0 + 1_200, { source: primary, destination: savings, amountCents: 700 });
    expect(ids(planReconciliation([sent, review], listed()).resolved)).toEqual([review.id]);
  });

  it('a row still retrying with its key, or canceled after a send, may have used a transfer too', () => {
    serviceTransfers(T0 + 200, { source: primary, destination: savings, amountCents: 700 });
    const review = transferInReview(700, primary, savings);
    const tried = t.recordOutcome(
      t.claim(t.submit(row(transferInput(primary, savings, 700), T0), false, T0, SVC), T0 + 100, SVC),
      retryable,
      T0 + 1_100,
      random,
    );
    expect(planReconciliation([tried, review], listed()).resolved).toEqual([]);
    expect(planReconciliation([t.cancel(tried, T0 + 2_000), review], listed()).resolved).toEqual([]);
    expect(ids(planReconciliation([review], listed()).resolved)).toEqual([review.id]);
  });

  it('other parties or the other direction do not count', () => {
    serviceTransfers(T0 + 200, { source: savings, destination: primary, amountCents: 800 });
    serviceTransfers(T0 + 300, { source: primary, destination: payroll, amountCents: 800 });
    const review = transferInReview(800, primary, savings);
    expect(planReconciliation([review], listed()).resolved).toEqual([]);
  });

  it('a commission booked between the same accounts for the same amount is not a transfer', () => {
    const from = world.virtualAccounts.get(savings);
    const to = world.virtualAccounts.get(primary);
    if (!from || !to) throw new Error('accounts missing');
    serviceTransfers(T0, { source: primary, destination: savings, amountCents: 5_000 });
    move(world, { kind: 'commission', atMs: T0 + 300, from, to, amountCents: 2_500, label: 'Commission' });
    const review = transferInReview(2_500, savings, primary);
    const found = listed();
    expect(found.filter((tx) => Math.abs(tx.amountCents) === 2_500).map((tx) => tx.description)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Commission to /), expect.stringMatching(/^Commission from /)]),
    );
    expect(planReconciliation([review], found).resolved).toEqual([]);
  });

  it('a memo the service shows must be the row\u2019s', () => {
    serviceTransfers(T0 + 200, { source: primary, destination: savings, amountCents: 900, memo: 'rent, March' });
    expect(
      planReconciliation([transferInReview(900, primary, savings, T0, { memo: 'rent, April' })], listed()).resolved,
    ).toEqual([]);
    expect(
      planReconciliation([transferInReview(900, primary, savings, T0, { memo: 'rent, March' })], listed()).resolved,
    ).toHaveLength(1);
  });

  it('a debit without its credit, a failed one, or one that names no virtual account proves nothing', () => {
    serviceTransfers(T0 + 200, { source: primary, destination: savings, amountCents: 900 });
    const review = transferInReview(900, primary, savings);
    const found = listed();
    const debitOnly = found.filter((tx) => tx.amountCents !== 900);
    const failed = found.map((tx) =>
      tx.amountCents === -900 ? { ...tx, status: 'failed' as const, detailedStatus: 'failed' as const } : tx,
    );
    const unnamed = found.map(({ virtualAccountId: _dropped, ...tx }) => tx);
    for (const variant of [debitOnly, failed, unnamed])
      expect(planReconciliation([review], variant).resolved).toEqual([]);
    expect(planReconciliation([review], found).resolved).toHaveLength(1);
  });

  it('each transfer found is counted once: one debit paired with one credit', () => {
    serviceTransfers(T0 + 200, { source: primary, destination: savings, amountCents: 600 });
    serviceTransfers(T0 + 400, { source: primary, destination: savings, amountCents: 600 });
    const review = transferInReview(600, primary, savings) as Movement;
    const found = listed();
    expect(evidenceOf(review, found, new Set(['']))).toHaveLength(2);
    expect(
      evidenceOf(
        review,
        found.filter((tx) => tx.amountCents !== 600),
        new Set(['']),
      ),
    ).toHaveLength(0);
    const oneCredit = found.filter(
      (tx) => tx.amountCents !== 600 || tx.id === found.find((f) => f.amountCents === 600)?.id,
    );
    expect(evidenceOf(review, oneCredit, new Set(['']))).toHaveLength(1);
  });
});

describe('payments and transfers in review together, from one read', () => {
  it('each is matched by its own rule in the same window', () => {
    const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId);
    if (!payee) throw new Error('the seed has no payee');
    simulatedNow = T0 + 400;
    pay(world, { amountCents: 1_234, svcHandle: payee.svcHandle });
    serviceTransfers(T0 + 500, { source: primary, destination: savings, amountCents: 1_234 });
    const ambiguous = { type: 'ambiguous', message: 'The connection was reset after the request left.' } as const;
    const payment = t.recordOutcome(
      t.claim(
        t.submit(row(paymentInput(1_234, `@${payee.svcHandle.toUpperCase()}`), T0), false, T0, SVC),
        T0 + 300,
        SVC,
      ),
      ambiguous,
      T0 + 900,
      random,
    );
    const review = transferInReview(1_234, primary, savings);
    const plan = planReconciliation([payment, review], listed());
    expect(ids(plan.resolved).sort()).toEqual([payment.id, review.id].sort());
    const txOf = (id: string) =>
      listed().find((tx) => tx.id === plan.resolved.find((r) => r.row.id === id)?.transactionId);
    expect(txOf(payment.id)?.description).toMatch(/^Payment to /);
    expect(txOf(review.id)?.description).toMatch(/^Transfer to /);
    expect(keyMayBeForgotten(payment, NOW)).toBe(false);
  });
});

describe('the window read and each row\u2019s span', () => {
  it('spans every row in review, from a minute before its first send to two minutes after its last, never past now', () => {
    const a = transferInReview(100, primary, savings, T0, { retries: [T0 + 5 * HOUR] });
    const b = transferInReview(200, primary, payroll, T0 + HOUR);
    expect(spanOf(a)).toEqual({ fromMs: T0 - MIN, toMs: T0 + 5 * HOUR + 1_000 + 2 * MIN });
    expect(reviewWindow([a, b], NOW)).toEqual({ fromMs: T0 - MIN, toMs: T0 + 5 * HOUR + 1_000 + 2 * MIN });
    expect(reviewWindow([a], T0 + 5 * HOUR)).toEqual({ fromMs: T0 - MIN, toMs: T0 + 5 * HOUR });
    expect(reviewWindow([sentTransfer(1, primary, savings, T0)], NOW)).toBeNull();
  });

  it('a send cut short by a crash recorded no attempt, but its claim still extends the span', () => {
    let r = t.recordOutcome(
      t.claim(t.submit(row(transferInput(primary, savings, 300), T0), false, T0, SVC), T0, SVC),
      retryable,
      T0 + 1_000,
      random,
    );
    r = t.recoverAfterCrash(t.claim({ ...r, nextAttemptAt: undefined }, T0 + 4 * HOUR, SVC), T0 + 30 * HOUR);
    const review = t.keyExpired(r, T0 + 30 * HOUR);
    expect(spanOf(review)?.toMs).toBe(T0 + 4 * HOUR + 2 * MIN);
    serviceTransfers(T0 + 4 * HOUR + 10_000, { source: primary, destination: savings, amountCents: 300 });
    expect(ids(planReconciliation([review], listed()).resolved)).toEqual([review.id]);
  });

  it('only a transfer whose key aged out and that never had an answer is said to be possibly forgotten', () => {
    const review = transferInReview(100, primary, savings);
    expect(keyMayBeForgotten(review, T0 + 24 * HOUR - 1)).toBe(false);
    expect(keyMayBeForgotten(review, NOW)).toBe(true);
    expect(
      keyMayBeForgotten({ ...review, attempts: [...review.attempts, { at: T0 + 2_000, outcome: 'rejected' }] }, NOW),
    ).toBe(false);
  });

  it('a transfer not found stays in review, saying the key may be forgotten and what to do, in its history too', () => {
    const review = transferInReview(100, primary, savings);
    const noted = notFoundAfterKeyExpired(review, NOW);
    expect(noted.state).toBe('needs-review');
    expect(noted.lastError).toBe(NOT_FOUND_AFTER_KEY_EXPIRED);
    expect(noted.lastError).toMatch(/forgotten its key/);
    expect(noted.lastError).toMatch(/Mark as sent.+Send again/);
    expect(noted.history.at(-1)).toEqual({
      at: NOW,
      from: 'needs-review',
      to: 'needs-review',
      reason: 'not found in the transactions',
    });
    expect(() => notFoundAfterKeyExpired(t.resolveSent(review, NOW, {}), NOW)).toThrow(t.IllegalTransition);
  });
});
