import type { RouteTable } from './types';
import { notImplemented } from './not-implemented';

export const transactionRoutes = {
  getTransaction: notImplemented('getTransaction'),
  getTransactionFeeDetails: notImplemented('getTransactionFeeDetails'),
  listTransactions: notImplemented('listTransactions'),
  getTransactionAggregation: notImplemented('getTransactionAggregation'),
  setTransactionNote: notImplemented('setTransactionNote'),
} satisfies Partial<RouteTable>;
