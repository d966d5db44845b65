import {
  getAccount,
  getAccountBalances,
  listAccounts,
  listLegalEntities,
  listMerchants,
  listSvcHandles,
} from '../directory/lookups';
import { archiveWebhook, createWebhook, getWebhook, listWebhooks } from '../directory/webhooks';
import type { RouteTable } from './types';

export const directoryRoutes = {
  listSvcHandles: ({ world, query }) => listSvcHandles(world, query.cursor),
  listMerchants: ({ world, query }) => listMerchants(world, query),
  listLegalEntities: ({ world, query }) => listLegalEntities(world, query.cursor),
  listAccounts: ({ world, query }) => listAccounts(world, query),
  getAccount: ({ world, params }) => getAccount(world, params.accountId),
  getAccountBalances: ({ world, params }) => getAccountBalances(world, params.accountId),
  createWebhook: ({ world, body }) => createWebhook(world, body),
  listWebhooks: ({ world, query }) => listWebhooks(world, query),
  getWebhook: ({ world, params }) => getWebhook(world, params.webhookId),
  archiveWebhook: ({ world, params, body }) => archiveWebhook(world, params.webhookId, body),
} satisfies Pick<
  RouteTable,
  | 'listSvcHandles'
  | 'listMerchants'
  | 'listLegalEntities'
  | 'listAccounts'
  | 'getAccount'
  | 'getAccountBalances'
  | 'createWebhook'
  | 'listWebhooks'
  | 'getWebhook'
  | 'archiveWebhook'
>;
