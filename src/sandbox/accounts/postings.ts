import type { Transaction } from '../../shared/service';
import type { TransactionKind, TransactionRecord, VirtualAccountRecord } from '../world/records';
import type { World } from '../world/world';

export interface Posting {
  kind: TransactionKind;
  atMs: number;
  va: VirtualAccountRecord;
  /** Negative debits the account, positive credits it. */
  amountCents: number;
  description: string;
  memo?: string;
}

/**
 * Books one posted, settled transaction. Money moved by the service itself (transfers, payments,
 * commissions) clears at once, so it never waits for settlement.
 */
export function post(world: World, p: Posting): TransactionRecord {
  const tx: Transaction = {
    id: world.ids.next('txn'),
    date: new Date(p.atMs).toISOString(),
    description: p.description,
    amountCents: p.amountCents,
    status: 'posted',
    detailedStatus: 'settled',
    accountId: p.va.accountId,
    accountSubtype: 'cash',
    virtualAccountId: p.va.id,
    ...(p.memo !== undefined ? { memo: p.memo } : {}),
  };
  return world.transactions.insert({ tx, dateMs: p.atMs, kind: p.kind });
}

export interface Movement {
  kind: TransactionKind;
  atMs: number;
  from: VirtualAccountRecord;
  to: VirtualAccountRecord;
  amountCents: number;
  /** Label before "to <name>" / "from <name>", e.g. "Transfer". */
  label: string;
  memo?: string;
}

/** Moves money between two of the world's virtual accounts: a debit and a matching credit. */
export function move(world: World, m: Movement): [TransactionRecord, TransactionRecord] {
  const out = post(world, {
    kind: m.kind,
    atMs: m.atMs,
    va: m.from,
    amountCents: -m.amountCents,
    description: `${m.label} to ${m.to.name}`,
    memo: m.memo,
  });
  const into = post(world, {
    kind: m.kind,
    atMs: m.atMs,
    va: m.to,
    amountCents: m.amountCents,
    description: `${m.label} from ${m.from.name}`,
    memo: m.memo,
  });
  return [out, into];
}
