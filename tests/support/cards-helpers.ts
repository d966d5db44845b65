import { expect } from 'vitest';
import type { Client } from './sandbox-harness';

/** Shared steps of the card, card-group and authorization tests. */

let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter}`;
}

export async function newCard(c: Client, body: Record<string, unknown> = {}) {
  const res = await c.call('POST', '/card', { body: { name: uniqueName('Test card'), type: 'virtual', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function newGroup(c: Client, body: Record<string, unknown> = {}) {
  const res = await c.call('POST', '/card-group', { body: { name: uniqueName('Test group'), ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export function authorize(c: Client, body: Record<string, unknown>) {
  return c.call('POST', '/__sandbox/authorizations', { body });
}

/** Authorizes and asserts the outcome: approved, or declined with the given reason. */
export async function expectAuth(c: Client, body: Record<string, unknown>, declineReason?: string) {
  const res = await authorize(c, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (declineReason) {
    expect(res.body.approved, JSON.stringify(res.body)).toBe(false);
    expect(res.body.declineReason).toBe(declineReason);
    expect(res.body.transaction.status).toBe('failed');
    expect(res.body.transaction.detailedStatus).toBe('declined');
    expect(res.body.transaction.declineReason).toBe(declineReason);
  } else {
    expect(res.body.approved, JSON.stringify(res.body)).toBe(true);
    expect(res.body.declineReason).toBeUndefined();
    expect(res.body.transaction.status).toBe('pending');
    expect(res.body.transaction.detailedStatus).toBe('pending');
  }
  return res.body;
}

export async function availableOf(c: Client, vaId: string): Promise<number> {
  const res = await c.get(`/virtual-account/${vaId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.balance.amountCents as number;
}

/** A deep copy of a card as the world holds it, to prove a refused request changed nothing. */
export function cardState(c: Client, id: string): unknown {
  return structuredClone(c.sandbox.world.cards.get(id));
}

export function groupState(c: Client, id: string): unknown {
  return structuredClone(c.sandbox.world.cardGroups.get(id));
}

export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
