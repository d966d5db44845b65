import { IDEMPOTENCY_HEADER } from '../../shared/service';
import {
  createVirtualAccount,
  getVirtualAccount,
  listVirtualAccounts,
  updateVirtualAccount,
} from '../accounts/virtual-accounts';
import { createOfframp } from '../payments/offramp';
import { ownSvcHandle, pay, publicSvcHandle } from '../payments/pay';
import { transfer } from '../payments/transfers';
import type { RouteTable } from './types';

export const moneyRoutes = {
  getVirtualAccount: ({ world, params }) => getVirtualAccount(world, params.virtualAccountId),
  listVirtualAccounts: ({ world, query }) => listVirtualAccounts(world, query),
  createVirtualAccount: ({ world, body }) => createVirtualAccount(world, body),
  updateVirtualAccount: ({ world, params, body }) => updateVirtualAccount(world, params.virtualAccountId, body),
  transferBetweenVirtualAccounts: ({ world, body, headers }) =>
    transfer(world, body, headers, '/transfer/virtual-account'),
  virtualAccountTransfer: ({ world, body, headers }) => transfer(world, body, headers, '/virtual-account/transfer'),
  pay: ({ world, body, headers }) => pay(world, body, headers[IDEMPOTENCY_HEADER]),
  getOwnSvcHandle: ({ world }) => publicSvcHandle(ownSvcHandle(world)),
  createOfframp: ({ world, body }) => createOfframp(world, body),
} satisfies Pick<
  RouteTable,
  | 'getVirtualAccount'
  | 'listVirtualAccounts'
  | 'createVirtualAccount'
  | 'updateVirtualAccount'
  | 'transferBetweenVirtualAccounts'
  | 'virtualAccountTransfer'
  | 'pay'
  | 'getOwnSvcHandle'
  | 'createOfframp'
>;
