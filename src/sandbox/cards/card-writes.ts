import type { CardCreate, CardUpdate, SpendingConstraintPatch } from '../../shared/service';
import { requireOpen, requireVirtualAccount } from '../accounts/guards';
import { badRequest, notFound } from '../http/errors';
import type { CardProductRecord, CardRecord } from '../world/records';
import type { World } from '../world/world';
import { expiryFrom, newPan } from './card-factory';
import { assertStartDates, mergeConstraint, replaceConstraint } from './constraints';
import { requireCard, requireCardGroup } from './lookups';

function productFor(world: World, id: string | undefined): CardProductRecord {
  if (id === undefined) {
    const first = [...world.cardProducts.values()].find((p) => p.status === 'active');
    if (!first) throw badRequest('no active card product to issue the card with; pass cardProductId');
    return first;
  }
  const product = world.cardProducts.get(id);
  if (!product) throw notFound('card product', id);
  if (product.status !== 'active') {
    throw badRequest(
      `card product ${id} is ${product.status}; issue the card with an active product (GET /card-product)`,
      { cardProductId: id },
    );
  }
  return product;
}

/** With an API key, POST /card defaults to the legal entity's first commercial (debit) account. */
function accountFor(world: World, id: string | undefined): string {
  if (id !== undefined) {
    const account = world.accounts.get(id);
    if (!account || account.legalEntityId !== world.legalEntity.id) throw notFound('account', id);
    return account.id;
  }
  const first = [...world.accounts.values()].find(
    (a) => a.type === 'debit' && a.legalEntityId === world.legalEntity.id,
  );
  if (!first) throw badRequest('the legal entity has no commercial account; pass accountId');
  return first.id;
}

/**
 * POST /card. Every reference is checked before anything changes. Without virtualAccountId the
 * card spends from its group's virtual account, else from the primary virtual account of its
 * account (when the account has one), so authorizations always know which balance to charge.
 */
export function createCard(world: World, body: CardCreate): CardRecord {
  const now = world.clock.now();
  const accountId = accountFor(world, body.accountId);
  const group = body.cardGroupId !== undefined ? requireCardGroup(world, body.cardGroupId) : undefined;
  if (body.virtualAccountId !== undefined) requireOpen(requireVirtualAccount(world, body.virtualAccountId));
  const product = productFor(world, body.cardProductId);
  assertStartDates(body.spendingConstraint, now);

  const primary = world.virtualAccounts.get(world.primaryVirtualAccountId);
  const virtualAccountId =
    body.virtualAccountId ??
    group?.virtualAccountId ??
    (primary && primary.accountId === accountId ? primary.id : undefined);
  const pan = newPan(world.rng, product.prefix);
  const spendingConstraint = body.spendingConstraint ? replaceConstraint(body.spendingConstraint) : undefined;
  const card: CardRecord = {
    id: world.ids.next('card'),
    accountId,
    ...(virtualAccountId ? { virtualAccountId } : {}),
    last4: pan.slice(-4),
    pan,
    cvv: world.rng.digits(3),
    name: body.name,
    ...expiryFrom(now),
    status: 'active',
    isPhysical: false,
    isSingleUse: body.isSingleUse ?? false,
    ...(group ? { cardGroupId: group.id } : {}),
    createdAt: new Date(now).toISOString(),
    ...(spendingConstraint ? { spendingConstraint } : {}),
    ...(body.userData ? { userData: structuredClone(body.userData) } : {}),
    cardProductId: product.id,
  };
  world.cards.set(card.id, card);
  return card;
}

/**
 * PATCH /card/{id}. Everything is validated first, then applied, so a refused update changes
 * nothing. Moving a card between groups keeps its virtualAccountId: the service documents no
 * link between the two, and silently re-pointing which balance a card spends from would surprise.
 */
export function updateCard(world: World, id: string, body: CardUpdate): CardRecord {
  const card = requireCard(world, id);
  if (typeof body.cardGroupId === 'string') requireCardGroup(world, body.cardGroupId);
  assertStartDates(body.spendingConstraint, world.clock.now());

  if (body.name !== undefined) card.name = body.name;
  if (body.status !== undefined) card.status = body.status;
  if (body.cardGroupId === null) delete card.cardGroupId;
  else if (body.cardGroupId !== undefined) card.cardGroupId = body.cardGroupId;
  if (body.spendingConstraint !== undefined) {
    const next = replaceConstraint(body.spendingConstraint);
    if (next) card.spendingConstraint = next;
    else delete card.spendingConstraint;
  }
  if (body.userData === null) delete card.userData;
  else if (body.userData !== undefined) card.userData = structuredClone(body.userData);
  return card;
}

/** PATCH (merge) or PUT (replace) of a card's constraint; answers the resulting constraint. */
export function writeCardConstraint(
  world: World,
  id: string,
  body: SpendingConstraintPatch,
  mode: 'merge' | 'replace',
): CardRecord {
  const card = requireCard(world, id);
  assertStartDates(body, world.clock.now());
  const next = mode === 'merge' ? mergeConstraint(card.spendingConstraint, body) : replaceConstraint(body);
  if (next) card.spendingConstraint = next;
  else delete card.spendingConstraint;
  return card;
}
