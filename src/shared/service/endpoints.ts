import { z } from 'zod';
import {
  CursorQuery,
  Card,
  CardCreate,
  CardEvent,
  CardEventListQuery,
  CardListQuery,
  CardProduct,
  CardReadQuery,
  CardUpdate,
  Utilization,
} from './card';
import { CardGroup, CardGroupCreate, CardGroupListQuery, CardGroupUpdate } from './card-group';
import { paginated } from './common';
import {
  Account,
  AccountBalances,
  AccountListQuery,
  LegalEntity,
  Merchant,
  MerchantListQuery,
  SvcHandle,
} from './directory';
import { OfframpRequest, OfframpResult, PayRequest, PayResult, TransferRequest, TransferResult } from './payments';
import { SpendingConstraintPatch, SpendingConstraintView } from './spending-constraint';
import {
  FeeDetails,
  SuccessResult,
  Transaction,
  TransactionAggregation,
  TransactionAggregationQuery,
  TransactionListQuery,
  TransactionNote,
} from './transaction';
import {
  VirtualAccountCreate,
  VirtualAccountListQuery,
  VirtualAccountUpdate,
  VirtualAccountView,
  VirtualAccountWriteResult,
} from './virtual-account';
import { pathParamProblem } from './path-params';
import { Webhook, WebhookCreate, WebhookListQuery, WebhookUpdate } from './webhook';

/**
 * Every endpoint of the service, once: method, path, where it is served, and the schemas of its
 * path parameters, query, body and response. The ServiceClient, the sandbox and the tests are all
 * built from this table, so an endpoint cannot be half-supported without the type checker saying so.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

export interface EndpointDef {
  method: HttpMethod;
  /** Path template with `:name` parameters, relative to {base_url}. */
  path: string;
  /** `api` is {base_url}; `api+vault` is also served by {vault_url} (PAN/CVV reveal). */
  hosts: 'api' | 'api+vault';
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** HTTP status of a success. */
  status: 200 | 201;
  /** The endpoint requires an `X-Idempotency-Key` header. */
  idempotent?: boolean;
  /**
   * Takes an `X-Idempotency-Key` though it documents no idempotency (POST /pay, a transaction's
   * note): the outbox sends its row's stable key so a server that honours keys can, and so that
   * main can hold that key until the service's Retry-After; it never relies on the service
   * honouring it (a payment's ambiguous outcome goes to review, not to an automatic resend).
   */
  acceptsKey?: boolean;
  /**
   * It moves money (a transfer, a payment). Main sends it only for a row of the outbox it may
   * move (the money gate: src/main/money), never through the generic service call.
   */
  movesMoney?: true;
  /** Named in the contract's change history only; shape from the reference or reasoned (docs/service.md, "Endpoints known by name only"). */
  namedOnly?: boolean;
  /** One line for people (tooling, docs, error messages). */
  summary: string;
}

function endpoint<const T extends EndpointDef>(def: T): T {
  return def;
}

export const endpoints = {
  // Cards
  getCard: endpoint({
    method: 'GET',
    path: '/card/:cardId',
    hosts: 'api+vault',
    query: CardReadQuery,
    response: Card,
    status: 200,
    summary: 'read a card (PAN/CVV only from the vault)',
  }),
  updateCard: endpoint({
    method: 'PATCH',
    path: '/card/:cardId',
    hosts: 'api',
    body: CardUpdate,
    response: Card,
    status: 200,
    summary: 'update a card',
  }),
  listCards: endpoint({
    method: 'GET',
    path: '/card',
    hosts: 'api',
    query: CardListQuery,
    response: paginated(Card),
    status: 200,
    summary: 'list cards',
  }),
  createCard: endpoint({
    method: 'POST',
    path: '/card',
    hosts: 'api',
    body: CardCreate,
    response: Card,
    status: 201,
    namedOnly: true,
    summary: 'create a virtual card',
  }),
  patchCardSpendingConstraint: endpoint({
    method: 'PATCH',
    path: '/card/:cardId/spending-constraint',
    hosts: 'api',
    body: SpendingConstraintPatch,
    response: SpendingConstraintView,
    status: 200,
    summary: "partially update a card's constraint",
  }),
  putCardSpendingConstraint: endpoint({
    method: 'PUT',
    path: '/card/:cardId/spending-constraint',
    hosts: 'api',
    body: SpendingConstraintPatch,
    response: SpendingConstraintView,
    status: 200,
    namedOnly: true,
    summary: "replace a card's constraint",
  }),
  getCardUtilization: endpoint({
    method: 'GET',
    path: '/card/:cardId/utilization',
    hosts: 'api',
    response: Utilization,
    status: 200,
    namedOnly: true,
    summary: "a card's current utilization",
  }),
  listCardEvents: endpoint({
    method: 'GET',
    path: '/card/:cardId/events',
    hosts: 'api',
    query: CardEventListQuery,
    response: paginated(CardEvent),
    status: 200,
    namedOnly: true,
    summary: 'card-network events of a card',
  }),
  listCardProducts: endpoint({
    method: 'GET',
    path: '/card-product',
    hosts: 'api',
    query: CursorQuery,
    response: paginated(CardProduct),
    status: 200,
    namedOnly: true,
    summary: 'card products',
  }),

  // Card groups
  createCardGroup: endpoint({
    method: 'POST',
    path: '/card-group',
    hosts: 'api',
    body: CardGroupCreate,
    response: CardGroup,
    status: 200,
    summary: 'create a card group',
  }),
  getCardGroup: endpoint({
    method: 'GET',
    path: '/card-group/:cardGroupId',
    hosts: 'api',
    response: CardGroup,
    status: 200,
    summary: 'read a card group',
  }),
  listCardGroups: endpoint({
    method: 'GET',
    path: '/card-group',
    hosts: 'api',
    query: CardGroupListQuery,
    response: paginated(CardGroup),
    status: 200,
    summary: 'list card groups',
  }),
  updateCardGroup: endpoint({
    method: 'PATCH',
    path: '/card-group/:cardGroupId',
    hosts: 'api',
    body: CardGroupUpdate,
    response: CardGroup,
    status: 200,
    summary: 'update a card group',
  }),
  putCardGroupSpendingConstraint: endpoint({
    method: 'PUT',
    path: '/card-group/:cardGroupId/spending-constraint',
    hosts: 'api',
    body: SpendingConstraintPatch,
    response: SpendingConstraintView,
    status: 200,
    summary: "replace a group's constraint",
  }),
  patchCardGroupSpendingConstraint: endpoint({
    method: 'PATCH',
    path: '/card-group/:cardGroupId/spending-constraint',
    hosts: 'api',
    body: SpendingConstraintPatch,
    response: SpendingConstraintView,
    status: 200,
    namedOnly: true,
    summary: "partially update a group's constraint",
  }),
  getCardGroupUtilization: endpoint({
    method: 'GET',
    path: '/card-group/:cardGroupId/utilization',
    hosts: 'api',
    response: Utilization,
    status: 200,
    namedOnly: true,
    summary: "a card group's current utilization",
  }),

  // Transactions
  getTransaction: endpoint({
    method: 'GET',
    path: '/transaction/:transactionId',
    hosts: 'api',
    response: Transaction,
    status: 200,
    summary: 'read a transaction',
  }),
  getTransactionFeeDetails: endpoint({
    method: 'GET',
    path: '/transaction/:transactionId/fee-details',
    hosts: 'api',
    response: FeeDetails,
    status: 200,
    summary: 'fee breakdown of a fee transaction',
  }),
  listTransactions: endpoint({
    method: 'GET',
    path: '/transaction',
    hosts: 'api',
    query: TransactionListQuery,
    response: paginated(Transaction),
    status: 200,
    summary: 'list transactions',
  }),
  getTransactionAggregation: endpoint({
    method: 'GET',
    path: '/transaction/aggregation',
    hosts: 'api',
    query: TransactionAggregationQuery,
    response: TransactionAggregation,
    status: 200,
    namedOnly: true,
    summary: 'aggregated transaction statistics',
  }),
  setTransactionNote: endpoint({
    method: 'PATCH',
    path: '/transaction/:transactionId/note',
    hosts: 'api',
    body: TransactionNote,
    response: SuccessResult,
    status: 200,
    namedOnly: true,
    acceptsKey: true,
    summary: 'add a note to a transaction',
  }),

  // Virtual accounts and transfers
  getVirtualAccount: endpoint({
    method: 'GET',
    path: '/virtual-account/:virtualAccountId',
    hosts: 'api',
    response: VirtualAccountView,
    status: 200,
    summary: 'read a virtual account',
  }),
  listVirtualAccounts: endpoint({
    method: 'GET',
    path: '/virtual-account',
    hosts: 'api',
    query: VirtualAccountListQuery,
    response: paginated(VirtualAccountView),
    status: 200,
    summary: 'list virtual accounts',
  }),
  createVirtualAccount: endpoint({
    method: 'POST',
    path: '/virtual-account',
    hosts: 'api',
    body: VirtualAccountCreate,
    response: VirtualAccountWriteResult,
    status: 201,
    namedOnly: true,
    summary: 'create a virtual account',
  }),
  updateVirtualAccount: endpoint({
    method: 'PATCH',
    path: '/virtual-account/:virtualAccountId',
    hosts: 'api',
    body: VirtualAccountUpdate,
    response: VirtualAccountWriteResult,
    status: 200,
    summary: 'rename, set a commission rule on, or close a virtual account',
  }),
  transferBetweenVirtualAccounts: endpoint({
    method: 'POST',
    path: '/transfer/virtual-account',
    hosts: 'api',
    body: TransferRequest,
    response: TransferResult,
    status: 200,
    idempotent: true,
    movesMoney: true,
    summary: 'move funds between virtual accounts',
  }),
  /** Newer path for the same transfer (change history 2025-02-05); same body and idempotency rules. */
  virtualAccountTransfer: endpoint({
    method: 'POST',
    path: '/virtual-account/transfer',
    hosts: 'api',
    body: TransferRequest,
    response: TransferResult,
    status: 200,
    idempotent: true,
    movesMoney: true,
    namedOnly: true,
    summary: 'move funds between virtual accounts (newer path)',
  }),

  // Payments and crypto
  pay: endpoint({
    method: 'POST',
    path: '/pay',
    hosts: 'api',
    body: PayRequest,
    response: PayResult,
    status: 200,
    acceptsKey: true,
    movesMoney: true,
    summary: 'send money to a svc handle',
  }),
  getOwnSvcHandle: endpoint({
    method: 'GET',
    path: '/pay',
    hosts: 'api',
    response: SvcHandle,
    status: 200,
    namedOnly: true,
    summary: "the key's own svc handle (older form of GET /svc-handle)",
  }),
  createOfframp: endpoint({
    method: 'POST',
    path: '/crypto/offramp',
    hosts: 'api',
    body: OfframpRequest,
    response: OfframpResult,
    status: 200,
    summary: 'create an off-ramp wallet',
  }),

  // Lookups
  listSvcHandles: endpoint({
    method: 'GET',
    path: '/svc-handle',
    hosts: 'api',
    query: CursorQuery,
    response: paginated(SvcHandle),
    status: 200,
    summary: 'list svc handles',
  }),
  listMerchants: endpoint({
    method: 'GET',
    path: '/merchant',
    hosts: 'api',
    query: MerchantListQuery,
    response: paginated(Merchant),
    status: 200,
    summary: 'list merchants',
  }),
  listLegalEntities: endpoint({
    method: 'GET',
    path: '/legal-entity',
    hosts: 'api',
    query: CursorQuery,
    response: paginated(LegalEntity),
    status: 200,
    namedOnly: true,
    summary: 'legal entities available to the caller',
  }),
  listAccounts: endpoint({
    method: 'GET',
    path: '/account',
    hosts: 'api',
    query: AccountListQuery,
    response: paginated(Account),
    status: 200,
    namedOnly: true,
    summary: 'accounts',
  }),
  getAccount: endpoint({
    method: 'GET',
    path: '/account/:accountId',
    hosts: 'api',
    response: Account,
    status: 200,
    namedOnly: true,
    summary: 'read an account',
  }),
  getAccountBalances: endpoint({
    method: 'GET',
    path: '/account/:accountId/balance',
    hosts: 'api',
    response: AccountBalances,
    status: 200,
    namedOnly: true,
    summary: 'balances of an account',
  }),

  // Webhooks
  createWebhook: endpoint({
    method: 'POST',
    path: '/webhook',
    hosts: 'api',
    body: WebhookCreate,
    response: Webhook,
    status: 201,
    summary: 'register a webhook endpoint',
  }),
  listWebhooks: endpoint({
    method: 'GET',
    path: '/webhook',
    hosts: 'api',
    query: WebhookListQuery,
    response: paginated(Webhook),
    status: 200,
    namedOnly: true,
    summary: 'list webhooks',
  }),
  getWebhook: endpoint({
    method: 'GET',
    path: '/webhook/:webhookId',
    hosts: 'api',
    response: Webhook,
    status: 200,
    namedOnly: true,
    summary: 'read a webhook',
  }),
  archiveWebhook: endpoint({
    method: 'PATCH',
    path: '/webhook/:webhookId',
    hosts: 'api',
    body: WebhookUpdate,
    response: Webhook,
    status: 200,
    summary: 'archive a webhook',
  }),
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferInput<T> = T extends z.ZodType ? z.input<T> : undefined;

/** Names of the `:params` in a path template. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<N extends EndpointName> = { [K in PathParamNames<Endpoints[N]['path']>]: string };
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q } ? InferInput<Q> : undefined;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? InferInput<B> : undefined;
export type ParsedBodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Infer<B> : undefined;
export type ParsedQueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q } ? Infer<Q> : undefined;
export type ResponseOf<N extends EndpointName> = z.infer<Endpoints[N]['response']>;

/**
 * Fills a path template; every value is URL-encoded and dot segments are refused, so an id can
 * never change the path.
 */
export function buildPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    const problem = pathParamProblem(value);
    if (problem) throw new Error(`path parameter ${name} ${problem}`);
    return encodeURIComponent(value);
  });
}
