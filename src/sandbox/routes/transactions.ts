import { notFound } from '../http/errors';
import { cardView } from '../cards/card-view';
import { filterFromQuery } from '../world/transaction-store';
import type { World } from '../world/world';
import type { RouteTable } from './types';

/**
 * GET /transaction and friends.
 *
 * Filters: every one of docs/service.md, "List filters" (dates are unix ms, bounds inclusive). The deprecated
 * `accountId` query means filter:accountId (filter:accountId wins when both are sent).
 * filter:legalEntityId naming another legal entity than the key's gives an empty list: the key
 * sees only its own. A from-date after the to-date is an empty range: an empty list, not an error.
 * Aggregation counts every matching transaction whatever its status (failed and declined
 * included) — narrow it with filter:status.
 */

function otherLegalEntity(world: World, q: { 'filter:legalEntityId'?: string }): boolean {
  const le = q['filter:legalEntityId'];
  return le !== undefined && le !== world.legalEntity.id;
}

export const transactionRoutes = {
  getTransaction: ({ world, params }) => {
    const r = world.transactions.get(params.transactionId);
    if (!r) throw notFound('transaction', params.transactionId);
    return r.tx;
  },

  getTransactionFeeDetails: ({ world, params }) => {
    if (!world.transactions.get(params.transactionId)) throw notFound('transaction', params.transactionId);
    const details = world.feeDetails.get(params.transactionId) ?? [];
    return {
      items: details.map(({ originalTransactionId, cardId, ...fee }) => {
        const original = originalTransactionId ? world.transactions.get(originalTransactionId)?.tx : undefined;
        const card = cardId ? world.cards.get(cardId) : undefined;
        return {
          ...fee,
          ...(original ? { originalTransaction: original } : {}),
          ...(card ? { card: cardView(world, card) } : {}),
        };
      }),
    };
  },

  listTransactions: ({ world, query }) => {
    const { cursor, ...filters } = query;
    if (otherLegalEntity(world, filters)) return { items: [], metadata: { count: 0 } };
    const page = world.transactions.list(filterFromQuery(filters), cursor, world.pageSize);
    return {
      items: page.items,
      metadata: { count: page.items.length, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) },
    };
  },

  getTransactionAggregation: ({ world, query }) => {
    if (otherLegalEntity(world, query)) return { count: 0, totalIn: 0, totalOut: 0, netChange: 0 };
    return world.transactions.aggregate(filterFromQuery(query));
  },

  setTransactionNote: ({ world, params, body }) => {
    if (!world.transactions.get(params.transactionId)) throw notFound('transaction', params.transactionId);
    world.transactions.update(params.transactionId, (tx) => {
      tx.note = body.note;
    });
    return { success: true };
  },
} satisfies Pick<
  RouteTable,
  | 'getTransaction'
  | 'getTransactionFeeDetails'
  | 'listTransactions'
  | 'getTransactionAggregation'
  | 'setTransactionNote'
>;
