import { badRequest } from '../http/errors';
import { cardGroupView, cardView } from '../cards/card-view';
import { listCards } from '../cards/card-list';
import { createCard, updateCard, writeCardConstraint } from '../cards/card-writes';
import { createCardGroup, listCardGroups, updateCardGroup, writeGroupConstraint } from '../cards/card-groups';
import { constraintView } from '../cards/constraints';
import { requireCard, requireCardGroup } from '../cards/lookups';
import { cardsOfGroup, utilizationOf } from '../cards/utilization';
import { paginate } from '../world/pagination';
import type { RouteTable } from './types';

export const cardRoutes = {
  getCard: ({ world, params, query, host }) => {
    const card = requireCard(world, params.cardId);
    // The API host never reveals, whatever the flags say; the vault only what was asked for.
    const vault = host === 'vault';
    return cardView(world, card, {
      pan: vault && query.include_pan === 'true',
      cvv: vault && query.include_cvv === 'true',
    });
  },
  updateCard: ({ world, params, body }) => cardView(world, updateCard(world, params.cardId, body)),
  listCards: ({ world, query }) => {
    const page = listCards(world, query);
    return { items: page.items.map((c) => cardView(world, c)), metadata: page.metadata };
  },
  createCard: ({ world, body }) => cardView(world, createCard(world, body)),
  patchCardSpendingConstraint: ({ world, params, body }) =>
    constraintView(writeCardConstraint(world, params.cardId, body, 'merge').spendingConstraint),
  putCardSpendingConstraint: ({ world, params, body }) =>
    constraintView(writeCardConstraint(world, params.cardId, body, 'replace').spendingConstraint),
  getCardUtilization: ({ world, params }) => {
    const card = requireCard(world, params.cardId);
    if (card.cardGroupId) {
      throw badRequest(
        `card ${card.id} is in card group ${card.cardGroupId}; its spend counts against the group: use GET /card-group/${card.cardGroupId}/utilization`,
        { cardGroupId: card.cardGroupId },
      );
    }
    return utilizationOf(world, [card.id], card.spendingConstraint);
  },
  listCardEvents: ({ world, params, query }) => {
    requireCard(world, params.cardId);
    const page = paginate(world.cardEvents.get(params.cardId) ?? [], {
      cursor: query.cursor,
      pageSize: world.pageSize,
      key: (e) => e.createdAt,
      direction: 'DESC',
    });
    return { items: page.items.map((e) => ({ ...e })), metadata: page.metadata };
  },
  listCardProducts: ({ world, query }) => {
    const page = paginate(world.cardProducts.values(), { cursor: query.cursor, pageSize: world.pageSize });
    return { items: page.items.map((p) => ({ ...p })), metadata: page.metadata };
  },

  createCardGroup: ({ world, body }) => cardGroupView(createCardGroup(world, body)),
  getCardGroup: ({ world, params }) => cardGroupView(requireCardGroup(world, params.cardGroupId)),
  listCardGroups: ({ world, query }) => {
    const page = listCardGroups(world, query);
    return { items: page.items.map(cardGroupView), metadata: page.metadata };
  },
  updateCardGroup: ({ world, params, body }) => cardGroupView(updateCardGroup(world, params.cardGroupId, body)),
  putCardGroupSpendingConstraint: ({ world, params, body }) =>
    constraintView(writeGroupConstraint(world, params.cardGroupId, body, 'replace').spendingConstraint),
  patchCardGroupSpendingConstraint: ({ world, params, body }) =>
    constraintView(writeGroupConstraint(world, params.cardGroupId, body, 'merge').spendingConstraint),
  getCardGroupUtilization: ({ world, params }) => {
    const group = requireCardGroup(world, params.cardGroupId);
    return utilizationOf(
      world,
      cardsOfGroup(world, group.id).map((c) => c.id),
      group.spendingConstraint,
    );
  },
} satisfies Partial<RouteTable>;
