import type { Account, LegalEntity, Merchant, MerchantListQuery, ResponseOf, SvcHandle } from '../../shared/service';
import { notFound } from '../http/errors';
import { publicSvcHandle } from '../payments/pay';
import { paginate } from '../world/pagination';
import type { AccountRecord } from '../world/records';
import type { World } from '../world/world';
import { mapPage, type ListPage } from './list-page';

type Cursor = string | undefined;

export function listSvcHandles(world: World, cursor: Cursor): ListPage<SvcHandle> {
  const page = paginate(world.svcHandles.values(), { cursor, pageSize: world.pageSize });
  return mapPage(page, publicSvcHandle);
}

/** `search:merchant_name` matches any part of the name, ignoring case. */
export function listMerchants(world: World, query: MerchantListQuery): ListPage<Merchant> {
  const needle = query['search:merchant_name']?.toLowerCase();
  const matching = [...world.merchants.values()].filter(
    (m) => needle === undefined || m.name.toLowerCase().includes(needle),
  );
  const page = paginate(matching, { cursor: query.cursor, pageSize: world.pageSize, key: (m) => m.name });
  return mapPage(page, (m) => ({ id: m.id, name: m.name, url: m.url }));
}

/** An API key sees exactly one legal entity: its own. */
export function listLegalEntities(world: World, cursor: Cursor): ListPage<LegalEntity> {
  const le = world.legalEntity;
  const page = paginate([le], { cursor, pageSize: world.pageSize });
  return mapPage(page, (e) => ({ id: e.id, name: e.name, structure: e.structure }));
}

function publicAccount(a: AccountRecord): Account {
  return {
    id: a.id,
    type: a.type,
    status: a.status,
    name: a.name,
    accountNumber: a.accountNumber,
    routingNumber: a.routingNumber,
    createdAt: a.createdAt,
    balances: [...a.balances],
  };
}

/** A legal entity other than the key's shows no accounts (the key cannot see into it). */
export function listAccounts(
  world: World,
  query: { cursor?: string; 'filter:legalEntityId'?: string },
): ListPage<Account> {
  const le = query['filter:legalEntityId'] ?? world.legalEntity.id;
  const matching = [...world.accounts.values()].filter((a) => a.legalEntityId === le);
  const page = paginate(matching, { cursor: query.cursor, pageSize: world.pageSize, key: (a) => a.createdAt });
  return mapPage(page, publicAccount);
}

function requireAccount(world: World, id: string): AccountRecord {
  const account = world.accounts.get(id);
  if (!account) throw notFound('account', id);
  return account;
}

export function getAccount(world: World, id: string): Account {
  return publicAccount(requireAccount(world, id));
}

/**
 * Balances of an account, from the transactions booked to it (so they agree with
 * GET /transaction?filter:accountId): posted counts posted items; available adds pending items
 * except those awaiting approval or in review, which touch neither balance.
 * A debit account reports its cash balance. A charge card account's purchases are booked on its
 * credit subtype, so its `credit` balance carries them and its `cash` balance is always zero here.
 */
export function getAccountBalances(world: World, id: string): ResponseOf<'getAccountBalances'> {
  const account = requireAccount(world, id);
  const store = world.transactions;
  const postedCents = store.aggregate({ accountId: id, status: 'posted' }).netChange;
  const pendingCents = store.aggregate({ accountId: id, status: 'pending' }).netChange;
  const heldCents =
    store.aggregate({ accountId: id, status: 'pending', detailedStatus: 'pending_approval' }).netChange +
    store.aggregate({ accountId: id, status: 'pending', detailedStatus: 'in_review' }).netChange;
  const availableCents = postedCents + pendingCents - heldCents;
  const timestamp = world.clock.iso();
  const carrier = account.type === 'charge_card' ? 'credit' : 'cash';
  return {
    balances: account.balances.map((type) => {
      const mine = type === carrier;
      return {
        accountId: id,
        type,
        available: { amountCents: mine ? availableCents : 0 },
        posted: { amountCents: mine ? postedCents : 0 },
        timestamp,
      };
    }),
  };
}
