import type { RouteTable } from './types';
import { notImplemented } from './not-implemented';

export const cardRoutes = {
  getCard: notImplemented('getCard'),
  updateCard: notImplemented('updateCard'),
  listCards: notImplemented('listCards'),
  createCard: notImplemented('createCard'),
  patchCardSpendingConstraint: notImplemented('patchCardSpendingConstraint'),
  putCardSpendingConstraint: notImplemented('putCardSpendingConstraint'),
  getCardUtilization: notImplemented('getCardUtilization'),
  listCardEvents: notImplemented('listCardEvents'),
  listCardProducts: notImplemented('listCardProducts'),
  createCardGroup: notImplemented('createCardGroup'),
  getCardGroup: notImplemented('getCardGroup'),
  listCardGroups: notImplemented('listCardGroups'),
  updateCardGroup: notImplemented('updateCardGroup'),
  putCardGroupSpendingConstraint: notImplemented('putCardGroupSpendingConstraint'),
  patchCardGroupSpendingConstraint: notImplemented('patchCardGroupSpendingConstraint'),
  getCardGroupUtilization: notImplemented('getCardGroupUtilization'),
} satisfies Partial<RouteTable>;
