import type { Account, LegalEntity } from '../../../../shared/service';
import { day, humanStatus } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { AsOf, ListBody } from './AsOf';

const TYPE: Record<Account['type'], string> = { debit: 'Debit', charge_card: 'Charge card' };

/** The legal entities the key sees and their accounts, as last synced. */
export function EntitiesPanel({ profileId, online }: { profileId: string; online: boolean }) {
  const entities = useEntities<LegalEntity>(profileId, 'legalEntity');
  const accounts = useEntities<Account>(profileId, 'account');
  const accountRows = [...(accounts?.items ?? [])].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return (
    <>
      <h2 id="directory-entities">Legal entities</h2>
      <AsOf label="Legal entities" asOf={entities?.asOf ?? null} shown={entities?.items.length ?? 0} total={entities?.items.length ?? 0} online={online} />
      <ListBody loading={entities === undefined && 'Reading the saved legal entities…'} emptyText={entities?.items.length === 0 && 'No legal entity saved yet: they arrive with the first sync.'}>
        <table className="table" aria-labelledby="directory-entities">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Structure</th>
              <th scope="col">Id</th>
            </tr>
          </thead>
          <tbody>
            {entities?.items.map((e) => (
              <tr key={e.id}>
                <th scope="row">{e.name}</th>
                <td>{e.structure ?? '—'}</td>
                <td className="directory-mono">{e.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListBody>
      <h2 id="directory-accounts">Accounts</h2>
      <AsOf label="Accounts" asOf={accounts?.asOf ?? null} shown={accountRows.length} total={accountRows.length} online={online} />
      <ListBody loading={accounts === undefined && 'Reading the saved accounts…'} emptyText={accountRows.length === 0 && 'No account saved yet: they arrive with the first sync.'}>
        <table className="table" aria-labelledby="directory-accounts">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Account number</th>
              <th scope="col">Routing number</th>
              <th scope="col">Created</th>
              <th scope="col">Balances</th>
            </tr>
          </thead>
          <tbody>
            {accountRows.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.name}</th>
                <td>{TYPE[a.type]}</td>
                <td>{humanStatus(a.status)}</td>
                <td className="directory-mono">{a.accountNumber}</td>
                <td className="directory-mono">{a.routingNumber}</td>
                <td>{day(a.createdAt)}</td>
                <td>{a.balances.map(humanStatus).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListBody>
    </>
  );
}
