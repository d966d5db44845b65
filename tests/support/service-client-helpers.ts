import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createServiceClient,
  type CallArgs,
  type ServiceClient,
  type ServiceClientOptions,
  type ServiceOutcome,
} from '../../src/main/service';
import type { EndpointName } from '../../src/shared/service';
import { startSandbox, type Sandbox, type SandboxOptions, type World } from '../../src/sandbox';
import { untilRefused } from './network';
import { freshKey } from './fresh-key';

/** Shared set-up of the ServiceClient tests: a real sandbox on loopback and a client pointed at it. */

export interface Env {
  sandbox: Sandbox;
  client: ServiceClient;
  outcomes: ServiceOutcome[];
  /** Another client on the same sandbox, with options of the test's choosing. */
  clientWith(options: Partial<ServiceClientOptions>): ServiceClient;
  close(): Promise<void>;
}

export async function startEnv(options: SandboxOptions = {}): Promise<Env> {
  const sandbox = await startSandbox({ transactions: 200, seed: 7, ...options });
  const outcomes: ServiceOutcome[] = [];
  const clientWith = (o: Partial<ServiceClientOptions>) =>
    createServiceClient({
      baseUrl: sandbox.apiUrl,
      vaultUrl: sandbox.vaultUrl,
      getApiKey: () => sandbox.apiKey,
      // Tests never wait out a backoff.
      sleep: async () => {},
      ...o,
    });
  const client = clientWith({ onOutcome: (o) => outcomes.push(o) });
  return { sandbox, client, outcomes, clientWith, close: () => sandbox.close() };
}

/**
 * Takes the sandbox offline and waits until a new connection is refused: until then the next
 * request may go out on a pooled keep-alive socket the sandbox closed, and fail as "other side
 * closed" (sentRequest 'unknown') instead of a refused connection.
 */
export async function goOffline(env: Env): Promise<void> {
  await env.sandbox.setFaults({ offline: true });
  await untilRefused(env.sandbox.apiUrl);
}

export const ledgerCount = (sandbox: Sandbox) => sandbox.world.ledger.length;

const first = <T>(m: Map<string, T>): string => {
  const key = [...m.keys()][0];
  if (key === undefined) throw new Error('the seed has none of these');
  return key;
};

/** Real ids from the seeded world, so every call reaches the handler's logic. */
export function realIds(world: World) {
  const cards = [...world.cards.values()];
  const ungrouped = cards.find((c) => !c.cardGroupId && c.status !== 'closed');
  const openVa = [...world.virtualAccounts.values()].find((v) => v.accountType === 'default' && v.closedAt === null);
  const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId);
  const tx = world.transactions.list({}, undefined, 1).items[0];
  const feeTx = [...world.feeDetails.keys()][0];
  if (!ungrouped || !openVa || !payee || !tx)
    throw new Error('the seed lacks an ungrouped card, an open virtual account, a payee or a transaction');
  const primary = world.virtualAccounts.get(world.primaryVirtualAccountId);
  return {
    cardId: first(world.cards),
    ungroupedCardId: ungrouped.id,
    cardGroupId: first(world.cardGroups),
    transactionId: tx.id,
    feeTransactionId: feeTx ?? tx.id,
    primaryVaId: world.primaryVirtualAccountId,
    vaId: openVa.id,
    accountId: primary?.accountId ?? first(world.accounts),
    webhookId: first(world.webhooks),
    payeeHandle: payee.svcHandle,
  };
}

/**
 * One valid call per endpoint. Typed as a mapped type over EndpointName, so an endpoint added to
 * the table without a sample here is a type error, not a silently untested method.
 */
export type Samples = { [N in EndpointName]: CallArgs<N> };

export function sampleCalls(world: World): Samples {
  const id = realIds(world);
  const rule = { countries: ['US'], restriction: 'allowlist' as const };
  return {
    getCard: { params: { cardId: id.cardId }, query: { include_pan: 'false' } },
    updateCard: { params: { cardId: id.cardId }, body: { name: 'Renamed by the client test' } },
    listCards: { query: { sort: 'name', sortDirection: 'DESC' } },
    createCard: { body: { name: 'Client test card', type: 'virtual' } },
    patchCardSpendingConstraint: { params: { cardId: id.ungroupedCardId }, body: { countryRule: rule } },
    putCardSpendingConstraint: { params: { cardId: id.ungroupedCardId }, body: { countryRule: rule } },
    getCardUtilization: { params: { cardId: id.ungroupedCardId } },
    listCardEvents: { params: { cardId: id.cardId } },
    listCardProducts: {},
    createCardGroup: { body: { name: 'Client test group' } },
    getCardGroup: { params: { cardGroupId: id.cardGroupId } },
    listCardGroups: {},
    updateCardGroup: { params: { cardGroupId: id.cardGroupId }, body: { name: 'Renamed group' } },
    putCardGroupSpendingConstraint: { params: { cardGroupId: id.cardGroupId }, body: { countryRule: rule } },
    patchCardGroupSpendingConstraint: { params: { cardGroupId: id.cardGroupId }, body: { countryRule: null } },
    getCardGroupUtilization: { params: { cardGroupId: id.cardGroupId } },
    getTransaction: { params: { transactionId: id.transactionId } },
    getTransactionFeeDetails: { params: { transactionId: id.feeTransactionId } },
    listTransactions: { query: { 'filter:status': 'posted' } },
    getTransactionAggregation: { query: { 'filter:virtualAccountId': id.primaryVaId } },
    setTransactionNote: { params: { transactionId: id.transactionId }, body: { note: 'checked by the client test' } },
    getVirtualAccount: { params: { virtualAccountId: id.vaId } },
    listVirtualAccounts: { query: { 'filter:includeClosedAccounts': 'true' } },
    createVirtualAccount: { body: { name: 'Client test VA', accountId: id.accountId } },
    updateVirtualAccount: { params: { virtualAccountId: id.vaId }, body: { action: 'update', name: 'Renamed VA' } },
    transferBetweenVirtualAccounts: {
      body: { source: id.primaryVaId, destination: id.vaId, amountCents: 101 },
      idempotencyKey: freshKey(),
    },
    virtualAccountTransfer: {
      body: { source: id.primaryVaId, destination: id.vaId, amountCents: 102 },
      idempotencyKey: freshKey(),
    },
    pay: { body: { amountCents: 103, svcHandle: id.payeeHandle } },
    getOwnSvcHandle: {},
    createOfframp: { body: { virtualAccountId: id.vaId, paymentRail: 'ach', currency: 'usdc' } },
    listSvcHandles: {},
    listMerchants: {},
    listLegalEntities: {},
    listAccounts: {},
    getAccount: { params: { accountId: id.accountId } },
    getAccountBalances: { params: { accountId: id.accountId } },
    createWebhook: { body: { url: 'https://hooks.example.com/treasury', name: 'Client test hook' } },
    listWebhooks: {},
    getWebhook: { params: { webhookId: id.webhookId } },
    archiveWebhook: { params: { webhookId: id.webhookId }, body: { status: 'archived', reason: 'client test' } },
  };
}

/** A tiny HTTP server answering every request with `handler`; for answers the sandbox never gives. */
export async function startStub(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; requests: IncomingMessage[]; close(): Promise<void> }> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
