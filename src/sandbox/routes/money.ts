import type { RouteTable } from './types';
import { notImplemented } from './not-implemented';

export const moneyRoutes = {
  getVirtualAccount: notImplemented('getVirtualAccount'),
  listVirtualAccounts: notImplemented('listVirtualAccounts'),
  createVirtualAccount: notImplemented('createVirtualAccount'),
  updateVirtualAccount: notImplemented('updateVirtualAccount'),
  transferBetweenVirtualAccounts: notImplemented('transferBetweenVirtualAccounts'),
  virtualAccountTransfer: notImplemented('virtualAccountTransfer'),
  pay: notImplemented('pay'),
  getOwnSvcHandle: notImplemented('getOwnSvcHandle'),
  createOfframp: notImplemented('createOfframp'),
} satisfies Partial<RouteTable>;
