import type { RouteTable } from './types';
import { notImplemented } from './not-implemented';

export const directoryRoutes = {
  listSvcHandles: notImplemented('listSvcHandles'),
  listMerchants: notImplemented('listMerchants'),
  listLegalEntities: notImplemented('listLegalEntities'),
  listAccounts: notImplemented('listAccounts'),
  getAccount: notImplemented('getAccount'),
  getAccountBalances: notImplemented('getAccountBalances'),
  createWebhook: notImplemented('createWebhook'),
  listWebhooks: notImplemented('listWebhooks'),
  getWebhook: notImplemented('getWebhook'),
  archiveWebhook: notImplemented('archiveWebhook'),
} satisfies Partial<RouteTable>;
