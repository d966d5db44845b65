import type {
  VirtualAccountCreate,
  VirtualAccountListQuery,
  VirtualAccountUpdate,
  VirtualAccountView,
  VirtualAccountWriteResult,
} from '../../shared/service';
import { badRequest, conflict, notFound } from '../http/errors';
import { paginate } from '../world/pagination';
import { mapPage, type ListPage } from '../directory/list-page';
import type { VirtualAccountRecord } from '../world/records';
import type { World } from '../world/world';
import { newCommissionRule } from './commission-schedule';
import { requireVirtualAccount } from './guards';
import { virtualAccountView, writeResult } from './views';

export function getVirtualAccount(world: World, id: string): VirtualAccountView {
  // Closed accounts stay readable by id: only lists hide them.
  return virtualAccountView(world, requireVirtualAccount(world, id));
}

export function listVirtualAccounts(world: World, query: VirtualAccountListQuery): ListPage<VirtualAccountView> {
  const includeClosed = query['filter:includeClosedAccounts'] === 'true';
  const accountId = query['filter:accountId'];
  const matching = [...world.virtualAccounts.values()].filter(
    (va) => (includeClosed || va.closedAt === null) && (accountId === undefined || va.accountId === accountId),
  );
  const page = paginate(matching, { cursor: query.cursor, pageSize: world.pageSize, key: (va) => va.createdAt });
  return mapPage(page, (va) => virtualAccountView(world, va));
}

export function createVirtualAccount(world: World, body: VirtualAccountCreate): VirtualAccountWriteResult {
  const account = world.accounts.get(body.accountId);
  if (!account) throw notFound('account', body.accountId);
  if (account.status !== 'open')
    throw conflict(
      'ACCOUNT_CLOSED',
      `account ${account.id} is closed; create the virtual account under an open account`,
      { id: account.id },
    );
  const va: VirtualAccountRecord = {
    id: world.ids.next('va'),
    name: body.name,
    accountId: account.id,
    accountType: 'default',
    accountNumber: world.rng.digits(12),
    routingNumber: account.routingNumber,
    closedAt: null,
    createdAt: world.clock.iso(),
  };
  world.virtualAccounts.set(va.id, va);
  if (body.commissionDetails) world.commissionRules.set(va.id, newCommissionRule(world, va.id, body.commissionDetails));
  return writeResult(world, va);
}

/**
 * Decisions:
 * - Closing an account that is already closed answers 200 with the account unchanged (the first
 *   closedAt stays), so a client retrying a close whose answer it lost gets a success.
 * - An account that holds money closes like any other: neither the contract nor the reference
 *   (docs/service.md, "Readings where the contract is silent") makes the balance a condition, so the sandbox does not invent one. The balance stays
 *   visible on the closed account and nothing moves in or out of it any more (transfers, payments,
 *   off-ramps and card spend are refused by the guards of accounts/guards.ts; commissions skip it).
 * - The primary account can never be closed (409 PRIMARY_ACCOUNT) nor carry a commission rule
 *   (400): commissions are paid into it.
 * - Renaming or setting a rule on a closed account is a 409 ACCOUNT_CLOSED.
 */
export function updateVirtualAccount(world: World, id: string, body: VirtualAccountUpdate): VirtualAccountWriteResult {
  const va = requireVirtualAccount(world, id);
  const isPrimary = va.id === world.primaryVirtualAccountId;
  if (body.action === 'close') {
    if (va.closedAt !== null) return writeResult(world, va);
    if (isPrimary)
      throw conflict('PRIMARY_ACCOUNT', `virtual account ${va.id} is the primary account's and cannot be closed`, {
        id: va.id,
      });
    va.closedAt = world.clock.iso();
    return writeResult(world, va);
  }
  if (va.closedAt !== null)
    throw conflict(
      'ACCOUNT_CLOSED',
      `virtual account ${va.id} was closed at ${va.closedAt}; a closed account cannot be changed`,
      { id: va.id },
    );
  if (body.name === undefined && body.commissionDetails === undefined) {
    throw badRequest('nothing to update: send name and/or commissionDetails with action "update"');
  }
  if (body.commissionDetails && isPrimary) {
    throw badRequest(
      `virtual account ${va.id} is the primary account: commissions are paid into it, so it cannot carry a commission rule`,
    );
  }
  // Every check is done: apply all changes together so a refused request changes nothing.
  if (body.name !== undefined) va.name = body.name;
  if (body.commissionDetails) world.commissionRules.set(va.id, newCommissionRule(world, va.id, body.commissionDetails));
  return writeResult(world, va);
}
