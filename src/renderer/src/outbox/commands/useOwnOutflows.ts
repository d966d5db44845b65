import { useMemo } from 'react';
import type { OutboxRow } from '../../../../shared/outbox';
import type { Account, SvcHandle, VirtualAccountView } from '../../../../shared/service';
import { handlesOfAccounts } from '../../directory/model/handles';
import { useEntities } from '../../repos/entities-hooks';
import { outflowOfRow, type Outflow } from '../model/balance-after';
import { drawnAccount, drawsOfRow, type Draws } from '../model/payment-source';
import { useOutboxRows, useSentSince } from '../repo/outbox-hooks';

const NO_ROWS: OutboxRow[] = [];
const NO_HANDLES: SvcHandle[] = [];
const NO_ACCOUNTS: Account[] = [];
const NO_VIRTUAL_ACCOUNTS: VirtualAccountView[] = [];

export interface Outflows {
  /** The profile's outflows (outbox/model/balance-after.ts), every account; undefined while read. */
  outflows: Outflow[] | undefined;
  /** When the cached balances were read; null when never. */
  asOf: number | null;
  virtualAccounts: VirtualAccountView[];
  /** The account an item draws from, as far as the cache can tell. */
  sourceOf(draws: Draws): string | undefined;
}

/**
 * This desktop's part of what every screen's "balance after" is computed from, live: the cached
 * balances, its own queue and what it sent since the balances were read, each row placed on the
 * account it draws from. Screens read app/useOutflows.ts, which adds the team workspace's rows.
 */
export function useOwnOutflows(profileId: string): Outflows {
  const handles = useEntities<SvcHandle>(profileId, 'svcHandle')?.items ?? NO_HANDLES;
  const accounts = useEntities<Account>(profileId, 'account')?.items ?? NO_ACCOUNTS;
  const vaList = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const virtualAccounts = vaList?.items ?? NO_VIRTUAL_ACCOUNTS;
  const asOf = vaList?.asOf ?? null;
  const queue = useOutboxRows(profileId);
  const sent = useSentSince(profileId, asOf) ?? NO_ROWS;
  return useMemo(() => {
    const own = handlesOfAccounts(
      handles,
      accounts.map((a) => a.id),
    );
    const sourceOf = drawnAccount(
      handles.filter((h) => own.has(h.id)),
      virtualAccounts,
    );
    const rowSource = (row: OutboxRow) => {
      const draws = drawsOfRow(row);
      return draws && sourceOf(draws);
    };
    const outflows =
      queue === undefined
        ? undefined
        : [...queue, ...sent].map((r) => outflowOfRow(r, asOf, rowSource)).filter((o): o is Outflow => o !== null);
    return { outflows, asOf, virtualAccounts, sourceOf };
  }, [handles, accounts, virtualAccounts, asOf, queue, sent]);
}
