import { ApiError, conflict, notFound, unprocessable } from '../http/errors';
import type { VirtualAccountRecord } from '../world/records';
import type { World } from '../world/world';

/** The virtual account `id`, or a 404 that names which role it played in the request (source, destination...). */
export function requireVirtualAccount(world: World, id: string, role = 'virtual account'): VirtualAccountRecord {
  const va = world.virtualAccounts.get(id);
  if (!va) throw notFound(role, id);
  return va;
}

/**
 * Money can neither leave nor enter a closed account. The contracts say nothing about moving money
 * through one, so the sandbox refuses with the reference error body rather than guess where the
 * money would go; the balance left in a closed account stays where it is.
 */
export function requireOpen(va: VirtualAccountRecord, role = 'virtual account'): void {
  if (va.closedAt !== null) {
    throw conflict('ACCOUNT_CLOSED', `${role} ${va.id} was closed at ${va.closedAt}; use an open virtual account`, {
      id: va.id,
    });
  }
}

/**
 * The available balance (pending + posted) must cover the amount: the sandbox never lets a
 * transfer or payment take an account below zero.
 */
export function requireFunds(world: World, va: VirtualAccountRecord, amountCents: number): void {
  const { availableCents } = world.transactions.totals(va.id);
  if (availableCents < amountCents) {
    throw unprocessable(
      'INSUFFICIENT_FUNDS',
      `virtual account ${va.id} has ${availableCents} cents available, less than the ${amountCents} cents requested; fund it first or send less`,
      { id: va.id, availableCents, amountCents },
    );
  }
}

export const forbidden = (message: string, meta?: Record<string, unknown>) =>
  new ApiError(403, 'FORBIDDEN', message, meta);
