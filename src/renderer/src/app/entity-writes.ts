import type {
  Card,
  CardCreate,
  CardGroup,
  CardGroupCreate,
  CardGroupUpdate,
  CardStatus,
  CardUpdate,
  CommissionDetailsInput,
  EndpointName,
  OfframpRequest,
  ResponseOf,
  SpendingConstraintPatch,
  VirtualAccountCreate,
  VirtualAccountView,
  Webhook,
  WebhookCreate,
} from '../../../shared/service';
import type { IpcError, Result } from '../../../shared/ipc';
import { cachedWalletOf, type CachedWallet } from '../accounts/model/offramp';
import { serviceCall, type ServiceRequest } from '../platform/service';
import { changeEntity, type EntityChange, type EntityKind } from '../repos/entities-repo';
import { useConnectivity } from '../stores/connectivity';

/**
 * The one way a screen edits an entity (docs/architecture.md, "Entity edits": the call, its validated
 * result, the entity cache updated in the same step): the call goes to main for the named profile, main checks the
 * answer against the endpoint's schema, and only a success changes the profile's cache, so a
 * live query shows the edit as soon as the call returns and a refused edit shows nothing.
 */

/** Where an endpoint's result goes in the entity cache. */
export interface EntityTarget<N extends EndpointName, T> {
  kind: EntityKind;
  /** The cached item's id: from the result, or from the call (a result that does not carry it). */
  idOf(result: ResponseOf<N>, request: ServiceRequest<N>): string;
  /** The cached item after the write, from the validated result and what the cache held. */
  toEntity(result: ResponseOf<N>, cached: T | undefined, request: ServiceRequest<N>): EntityChange<T>;
}

const OFFLINE_MESSAGE = 'Offline: this change was not sent. Make it again when the connection returns.';
/** Said after the service's own words when the request may have been processed. */
const MAYBE_APPLIED = 'The change may or may not have been made: check it after the next sync before making it again.';

function offline(): IpcError {
  return {
    code: 'service',
    message: OFFLINE_MESSAGE,
    service: { kind: 'network', retryable: true, sentRequest: false },
  };
}

/** The service's error, plus what is known about whether it took effect when that is unclear. */
function explained(error: IpcError): IpcError {
  const unclear =
    error.service &&
    error.service.sentRequest !== false &&
    (error.service.kind === 'network' || error.service.kind === 'timeout');
  return unclear ? { ...error, message: `${error.message} ${MAYBE_APPLIED}` } : error;
}

/**
 * Calls `endpoint` for `profileId` and, on success, writes the entity `target` derives from the
 * validated result into that profile's cache. Returns the item as cached (undefined when the
 * target keeps nothing, e.g. a constraint of a card that is not cached). Offline (as main last
 * saw the profile) it sends nothing. On failure nothing is written and the error says why.
 */
export async function writeEntity<N extends EndpointName, T>(
  profileId: string,
  endpoint: N,
  request: ServiceRequest<N>,
  target: EntityTarget<NoInfer<N>, T>,
): Promise<Result<T | undefined>> {
  if (useConnectivity.getState().byProfile[profileId]?.state === 'offline') return { ok: false, error: offline() };
  const r = await serviceCall(profileId, endpoint, request);
  if (!r.ok) return { ok: false, error: explained(r.error) };
  const value = r.value;
  const cached = await changeEntity<T>(profileId, target.kind, target.idOf(value, request), (old) =>
    target.toEntity(value, old, request),
  );
  return { ok: true, value: cached };
}

/** Never cached: PAN and CVV come only from the vault, on a reveal; a write's answer must not carry them into IndexedDB. */
export function storableCard(card: Card): Card {
  const copy = { ...card };
  delete copy.pan;
  delete copy.cvv;
  return copy;
}

const cardTarget: EntityTarget<'updateCard' | 'createCard', Card> = {
  kind: 'card',
  idOf: (card) => card.id,
  toEntity: (card) => ({ put: storableCard(card) }),
};

// A constraint's answer is the constraint alone: it goes into the cached card or group that
// owns it (nothing to do when that is not cached; the next sync brings it whole).
const cardConstraintTarget: EntityTarget<'patchCardSpendingConstraint' | 'putCardSpendingConstraint', Card> = {
  kind: 'card',
  idOf: (_constraint, request) => request.params.cardId,
  toEntity: (spendingConstraint, card) => (card ? { put: { ...card, spendingConstraint } } : { keep: true }),
};

const groupConstraintTarget: EntityTarget<
  'putCardGroupSpendingConstraint' | 'patchCardGroupSpendingConstraint',
  CardGroup
> = {
  kind: 'cardGroup',
  idOf: (_constraint, request) => request.params.cardGroupId,
  toEntity: (spendingConstraint, group) => (group ? { put: { ...group, spendingConstraint } } : { keep: true }),
};

// Removing a group's constraints answers `id`, `name` and no constraint (docs/service.md, "Card groups"): the
// cached group keeps what the answer does not carry (its virtual account) and loses its constraint.
const groupConstraintRemovedTarget: EntityTarget<'updateCardGroup', CardGroup> = {
  kind: 'cardGroup',
  idOf: (group) => group.id,
  toEntity: (group, cached) => {
    const next: CardGroup = { ...cached, ...group };
    if (group.spendingConstraint === undefined || group.spendingConstraint === null) delete next.spendingConstraint;
    return { put: next };
  },
};

const groupTarget: EntityTarget<'updateCardGroup' | 'createCardGroup', CardGroup> = {
  kind: 'cardGroup',
  idOf: (group) => group.id,
  toEntity: (group) => ({ put: group }),
};

/**
 * A PATCH or POST of a virtual account answers the account and its rule (left out when it has
 * none), not the balance and spend the list view carries: those are kept from the cache (a new
 * account starts at zero).
 */
const virtualAccountTarget: EntityTarget<'updateVirtualAccount' | 'createVirtualAccount', VirtualAccountView> = {
  kind: 'virtualAccount',
  idOf: (result) => result.virtualAccount.id,
  toEntity: (result, cached) => {
    const { commissionRule, ...account } = result;
    const base: Partial<VirtualAccountView> = { ...cached };
    delete base.commissionRule;
    return {
      put: {
        ...base,
        ...account,
        balance: cached?.balance ?? { amountCents: 0 },
        spend: cached?.spend ?? { amountCents: 0 },
        ...(commissionRule ? { commissionRule } : {}),
      },
    };
  },
};

const webhookTarget: EntityTarget<'createWebhook' | 'archiveWebhook', Webhook> = {
  kind: 'webhook',
  idOf: (webhook) => webhook.id,
  toEntity: (webhook) => ({ put: webhook }),
};

// No endpoint lists wallets: the create's answer, with the account it was asked for, is the
// only copy this app will ever have, so it is cached whole and no sync replaces it.
const walletTarget = (now: () => number): EntityTarget<'createOfframp', CachedWallet> => ({
  kind: 'wallet',
  idOf: (result) => result.wallet.id,
  toEntity: (result, _cached, request) => ({ put: cachedWalletOf(result, request.body, now()) }),
});

/**
 * Every entity edit the screens make, by what it means to a person. Each is one `writeEntity`
 * with its endpoint and where its result goes; a new edit is one line here.
 */
export const entityWrites = {
  createCard: (profileId: string, body: CardCreate) => writeEntity(profileId, 'createCard', { body }, cardTarget),
  updateCard: (profileId: string, cardId: string, body: CardUpdate) =>
    writeEntity(profileId, 'updateCard', { params: { cardId }, body }, cardTarget),
  renameCard: (profileId: string, cardId: string, name: string) => entityWrites.updateCard(profileId, cardId, { name }),
  /** Pause (`paused`), resume (`active`) or close (`closed`) a card. */
  setCardStatus: (profileId: string, cardId: string, status: CardStatus) =>
    entityWrites.updateCard(profileId, cardId, { status }),
  patchCardSpendingConstraint: (profileId: string, cardId: string, body: SpendingConstraintPatch) =>
    writeEntity(profileId, 'patchCardSpendingConstraint', { params: { cardId }, body }, cardConstraintTarget),
  putCardSpendingConstraint: (profileId: string, cardId: string, body: SpendingConstraintPatch) =>
    writeEntity(profileId, 'putCardSpendingConstraint', { params: { cardId }, body }, cardConstraintTarget),
  /** Removes every card-level constraint in one step (PATCH /card with `spendingConstraint: null`). */
  removeCardSpendingConstraint: (profileId: string, cardId: string) =>
    entityWrites.updateCard(profileId, cardId, { spendingConstraint: null }),

  createCardGroup: (profileId: string, body: CardGroupCreate) =>
    writeEntity(profileId, 'createCardGroup', { body }, groupTarget),
  updateCardGroup: (profileId: string, cardGroupId: string, body: CardGroupUpdate) =>
    writeEntity(profileId, 'updateCardGroup', { params: { cardGroupId }, body }, groupTarget),
  renameCardGroup: (profileId: string, cardGroupId: string, name: string) =>
    entityWrites.updateCardGroup(profileId, cardGroupId, { name }),
  putCardGroupSpendingConstraint: (profileId: string, cardGroupId: string, body: SpendingConstraintPatch) =>
    writeEntity(profileId, 'putCardGroupSpendingConstraint', { params: { cardGroupId }, body }, groupConstraintTarget),
  patchCardGroupSpendingConstraint: (profileId: string, cardGroupId: string, body: SpendingConstraintPatch) =>
    writeEntity(
      profileId,
      'patchCardGroupSpendingConstraint',
      { params: { cardGroupId }, body },
      groupConstraintTarget,
    ),
  /** Removes every group-level constraint in one step (PATCH /card-group with `spendingConstraint: null`). */
  removeCardGroupSpendingConstraint: (profileId: string, cardGroupId: string) =>
    writeEntity(
      profileId,
      'updateCardGroup',
      { params: { cardGroupId }, body: { spendingConstraint: null } },
      groupConstraintRemovedTarget,
    ),

  createVirtualAccount: (profileId: string, body: VirtualAccountCreate) =>
    writeEntity(profileId, 'createVirtualAccount', { body }, virtualAccountTarget),
  renameVirtualAccount: (profileId: string, virtualAccountId: string, name: string) =>
    writeEntity(
      profileId,
      'updateVirtualAccount',
      { params: { virtualAccountId }, body: { action: 'update', name } },
      virtualAccountTarget,
    ),
  setCommissionRule: (profileId: string, virtualAccountId: string, commissionDetails: CommissionDetailsInput) =>
    writeEntity(
      profileId,
      'updateVirtualAccount',
      { params: { virtualAccountId }, body: { action: 'update', commissionDetails } },
      virtualAccountTarget,
    ),
  closeVirtualAccount: (profileId: string, virtualAccountId: string) =>
    writeEntity(
      profileId,
      'updateVirtualAccount',
      { params: { virtualAccountId }, body: { action: 'close' } },
      virtualAccountTarget,
    ),

  createWebhook: (profileId: string, body: WebhookCreate) =>
    writeEntity(profileId, 'createWebhook', { body }, webhookTarget),
  archiveWebhook: (profileId: string, webhookId: string, reason?: string) =>
    writeEntity(
      profileId,
      'archiveWebhook',
      { params: { webhookId }, body: { status: 'archived', ...(reason ? { reason } : {}) } },
      webhookTarget,
    ),

  /** A new off-ramp wallet (and its deposit addresses) for a virtual account; `now` stamps when it was cached. */
  createOfframpWallet: (profileId: string, body: OfframpRequest, now: () => number = Date.now) =>
    writeEntity(profileId, 'createOfframp', { body }, walletTarget(now)),
};
