import { describe, expect, it } from 'vitest';
import { KINDS, kindOf } from '../../src/renderer/src/outbox/model/kinds';
import { sendRequestOf, WIRES } from '../../src/shared/outbox/wire';
import type { OutboxKind } from '../../src/shared/outbox';
import { noteInput, paymentInput, row, transferInput } from '../support/outbox-fixtures';

// Each kind of outbox row is described once (kinds/<kind>.ts): these pin what each one says, so
// the queue, the sender, the approval rule and the reconciliation all read the same answers.

describe('the kinds of outbox row', () => {
  it('every kind is described, and a row finds its own', () => {
    expect(Object.keys(KINDS).sort()).toEqual(['note', 'payment', 'transfer'] satisfies OutboxKind[]);
    for (const input of [transferInput(), paymentInput(), noteInput()]) expect(kindOf(input).kind).toBe(input.kind);
  });

  it('each kind says which call sends it, with the row’s key (main holds it until a Retry-After runs out)', () => {
    const t = row(transferInput('va_a', 'va_b', 1_234));
    expect(sendRequestOf(t)).toEqual({
      endpoint: 'transferBetweenVirtualAccounts',
      request: { body: t.payload, idempotencyKey: t.idempotencyKey },
    });
    const p = row(paymentInput());
    expect(sendRequestOf(p)).toEqual({
      endpoint: 'pay',
      request: { body: p.payload, idempotencyKey: p.idempotencyKey },
    });
    const n = row(noteInput());
    const { transactionId, ...note } = n.payload as { transactionId: string; note: string };
    expect(sendRequestOf(n)).toEqual({
      endpoint: 'setTransactionNote',
      request: { params: { transactionId }, body: note, idempotencyKey: n.idempotencyKey },
    });
  });

  it('only an endpoint that deduplicates (or overwrites) is resent blindly; a payment’s success:false is a refusal', () => {
    expect([WIRES.transfer.idempotent, WIRES.payment.idempotent, WIRES.note.idempotent]).toEqual([true, false, true]);
    expect(WIRES.payment.refusedDespiteSuccess({ success: false })).toMatch(/did not go through/);
    expect(WIRES.payment.refusedDespiteSuccess({ success: true })).toBeNull();
  });

  it('money-moving kinds can be found in the transactions and are approved by people; notes are neither', () => {
    expect([KINDS.transfer.approvable, KINDS.payment.approvable, KINDS.note.approvable]).toEqual([true, true, false]);
    expect([WIRES.transfer.movesMoney, WIRES.payment.movesMoney, WIRES.note.movesMoney]).toEqual([true, true, false]);
    expect(KINDS.note.withAmount({ transactionId: 'tx', note: 'n' }, 5)).toBeNull();
  });

  it('validation says what is wrong, named by the field a form shows it beside', () => {
    expect(
      KINDS.transfer
        .validate({ source: 'va_a', destination: 'va_a', amountCents: 0, memo: 'x'.repeat(256) })
        .map((p) => p.field),
    ).toEqual(['destination', 'amount', 'memo']);
    expect(KINDS.transfer.validate({ source: 'va_a', destination: 'va_b', amountCents: 1 })).toEqual([]);
    expect(KINDS.payment.validate({ svcHandle: '@', amountCents: 1.5 }).map((p) => p.field)).toEqual([
      'svcHandle',
      'amount',
    ]);
    expect(KINDS.note.validate({ transactionId: 'tx', note: 'x'.repeat(2_001) }).map((p) => p.field)).toEqual(['note']);
  });
});
