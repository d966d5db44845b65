import { expect } from 'vitest';
import type { Client } from './sandbox-harness';
import { freshKey } from './fresh-key';

/** Shared steps of the money tests (virtual accounts, transfers, payments, commissions). */

export async function balanceOf(c: Client, vaId: string): Promise<number> {
  const res = await c.get(`/virtual-account/${vaId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.balance.amountCents as number;
}

export async function spendOf(c: Client, vaId: string): Promise<number> {
  const res = await c.get(`/virtual-account/${vaId}`);
  expect(res.status).toBe(200);
  return res.body.spend.amountCents as number;
}

export async function ledgerCount(c: Client): Promise<number> {
  const res = await c.get('/__sandbox/ledger');
  expect(res.status).toBe(200);
  return res.body.count as number;
}

/** `key` null sends no X-Idempotency-Key header at all. */
export function postTransfer(
  c: Client,
  body: unknown,
  key: string | null = freshKey(),
  path = '/transfer/virtual-account',
) {
  return c.call('POST', path, { body, headers: key === null ? {} : { 'x-idempotency-key': key } });
}

/** Creates an open virtual account under the primary's account, optionally funded from the primary. */
export async function newVirtualAccount(c: Client, name: string, fundCents = 0): Promise<string> {
  const w = c.sandbox.world;
  const primary = w.virtualAccounts.get(w.primaryVirtualAccountId);
  const res = await c.call('POST', '/virtual-account', { body: { name, accountId: primary?.accountId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.virtualAccount.id as string;
  if (fundCents > 0) {
    const t = await postTransfer(c, { source: w.primaryVirtualAccountId, destination: id, amountCents: fundCents });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
  }
  return id;
}

/** A snapshot of everything money requests can change, to prove a refused request changed nothing. */
export async function moneySnapshot(
  c: Client,
  vaIds: string[],
): Promise<{ balances: number[]; ledger: number; transactions: number; idempotency: number }> {
  const balances = await Promise.all(vaIds.map((id) => balanceOf(c, id)));
  const w = c.sandbox.world;
  return { balances, ledger: await ledgerCount(c), transactions: w.transactions.size, idempotency: w.idempotency.size };
}
