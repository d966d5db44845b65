import { useMemo, useState } from 'react';
import type { Account, SvcHandle } from '../../../../shared/service';
import { filterHandles, handlesOfAccounts, sortHandles } from '../../directory/model/handles';
import { useEntities } from '../../repos/entities-hooks';
import { useNavigation } from '../../stores/navigation';
import { usePaymentPrefill } from '../../stores/payment-prefill';
import { DataTable } from '../../ui/DataTable';
import { SavedListLine } from '../../ui/SavedListLine';
import { SearchField } from '../../ui/SearchField';
import type { TableColumn } from '../../ui/table-column';
import { ListBody } from './AsOf';

/** The saved svc handles (the sync brings them): filtered as typed (offline too), each one payable. */
export function HandlesPanel({ profileId, online }: { profileId: string; online: boolean }) {
  const list = useEntities<SvcHandle>(profileId, 'svcHandle');
  const [text, setText] = useState('');
  const offer = usePaymentPrefill((s) => s.offer);
  const go = useNavigation((s) => s.go);
  const all = useMemo(() => sortHandles(list?.items ?? []), [list]);
  const shown = useMemo(() => filterHandles(all, text), [all, text]);
  const accounts = useEntities<Account>(profileId, 'account');
  const own = useMemo(
    () =>
      handlesOfAccounts(
        all,
        (accounts?.items ?? []).map((a) => a.id),
      ),
    [all, accounts],
  );

  const columns = useMemo<TableColumn<SvcHandle>[]>(() => {
    const pay = (h: SvcHandle) => {
      offer({ profileId, svcHandle: h.svcHandle, name: h.name });
      go('payments');
    };
    return [
      {
        id: 'handle',
        header: 'Handle',
        minWidth: 160,
        priority: 1,
        rowHeader: true,
        sortValue: (h) => h.svcHandle,
        cell: (h) => (
          <>
            @{h.svcHandle}
            {own.has(h.id) ? (
              <span className="badge" title="It sends from one of this profile's accounts: a payment can come from it.">
                Yours
              </span>
            ) : null}
          </>
        ),
      },
      { id: 'name', header: 'Name', minWidth: 140, priority: 2, sortValue: (h) => h.name, cell: (h) => h.name },
      {
        id: 'pay',
        header: 'Actions',
        hiddenHeader: true,
        minWidth: 80,
        priority: 1,
        className: 'table__actions',
        // The visible word starts the accessible name, so a voice command "click Pay" finds it.
        cell: (h) => (
          <button type="button" className="button button--quiet" onClick={() => pay(h)}>
            Pay
            <span className="visually-hidden">
              {' '}
              @{h.svcHandle} ({h.name})
            </span>
          </button>
        ),
      },
    ];
  }, [own, offer, go, profileId]);

  return (
    <>
      <SavedListLine label="Payees" asOf={list?.asOf ?? null} shown={shown.length} total={all.length} online={online} />
      <div className="directory-toolbar">
        <SearchField label="Filter handles" placeholder="Handle or name" value={text} onChange={setText} />
      </div>
      <ListBody
        loading={list === undefined && 'Reading the saved handles…'}
        emptyText={
          shown.length === 0 &&
          (all.length === 0 ? 'No payees saved yet: they arrive with the first sync.' : 'No saved handle matches that.')
        }
      >
        <DataTable columns={columns} rows={shown} rowKey={(h) => h.id} label="Payees" />
      </ListBody>
    </>
  );
}
