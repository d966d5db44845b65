import { useMemo, useState } from 'react';
import type { Account, SvcHandle } from '../../../../shared/service';
import { fetchHandlePage } from '../../directory/commands/fetch-handles';
import { filterHandles, handlesOfAccounts, sortHandles } from '../../directory/model/handles';
import { useEntities } from '../../repos/entities-hooks';
import { useNavigation } from '../../stores/navigation';
import { usePaymentPrefill } from '../../stores/payment-prefill';
import { PagedFetchButtons } from '../../ui/PagedFetchButtons';
import { plural, usePagedFetch } from '../../ui/usePagedFetch';
import { AsOf, ListBody, OFFLINE_FETCH } from './AsOf';

/** The saved svc handles: filtered as typed (offline too), fetched page by page, each one payable. */
export function HandlesPanel({ profileId, online }: { profileId: string; online: boolean }) {
  const list = useEntities<SvcHandle>(profileId, 'svcHandle');
  const [text, setText] = useState('');
  const paged = usePagedFetch((cursor) => fetchHandlePage(profileId, cursor), plural('handle'));
  const offer = usePaymentPrefill((s) => s.offer);
  const go = useNavigation((s) => s.go);
  const all = useMemo(() => sortHandles(list?.items ?? []), [list]);
  const shown = useMemo(() => filterHandles(all, text), [all, text]);
  const accounts = useEntities<Account>(profileId, 'account');
  const own = useMemo(() => handlesOfAccounts(all, (accounts?.items ?? []).map((a) => a.id)), [all, accounts]);

  const pay = (h: SvcHandle) => {
    offer({ profileId, svcHandle: h.svcHandle, name: h.name });
    go('payments');
  };

  return (
    <>
      <AsOf label="Svc handles" asOf={list?.asOf ?? null} shown={shown.length} total={all.length} online={online} />
      <div className="directory-toolbar">
        <label className="field field--inline">
          <span className="field__label">Filter handles</span>
          <input type="search" className="field__input" placeholder="Handle, name or account id" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <PagedFetchButtons paged={paged} label="Fetch from the service" disabled={!online} disabledReason={OFFLINE_FETCH} />
      </div>
      <ListBody loading={list === undefined && 'Reading the saved handles…'} emptyText={shown.length === 0 && (all.length === 0 ? 'No svc handles saved yet: they arrive with the first sync, or fetch them from the service.' : 'No saved handle matches that.')}>
        <table className="table">
          <caption className="visually-hidden">Svc handles</caption>
          <thead>
            <tr>
              <th scope="col">Handle</th>
              <th scope="col">Name</th>
              <th scope="col">Account</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((h) => (
              <tr key={h.id}>
                <th scope="row">
                  @{h.svcHandle}
                  {own.has(h.id) ? (
                    <span className="badge" title="It sends from one of this profile's accounts: a payment can come from it.">
                      Yours
                    </span>
                  ) : null}
                </th>
                <td>{h.name}</td>
                <td className="directory-mono">{h.accountId}</td>
                <td className="table__actions">
                  <button type="button" className="button button--quiet" aria-label={`Pay @${h.svcHandle} (${h.name})`} onClick={() => pay(h)}>
                    Pay this handle
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListBody>
    </>
  );
}
