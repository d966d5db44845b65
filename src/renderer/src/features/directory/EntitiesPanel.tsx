import type { Account, LegalEntity } from '../../../../shared/service';
import { accountStatusWords, accountTypeWords, balancesWords, structureWords } from '../../directory/model/words';
import { day } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { DataTable } from '../../ui/DataTable';
import { SavedListLine } from '../../ui/SavedListLine';
import { nameColumn, type TableColumn } from '../../ui/table-column';
import { ListBody } from './AsOf';

const ENTITY_COLUMNS: TableColumn<LegalEntity>[] = [
  nameColumn(160),
  { id: 'structure', header: 'Structure', minWidth: 140, priority: 2, cell: (e) => structureWords(e.structure) },
];

const ACCOUNT_COLUMNS: TableColumn<Account>[] = [
  {
    id: 'name',
    header: 'Name',
    minWidth: 160,
    priority: 1,
    rowHeader: true,
    cell: (a) => a.name,
    sortValue: (a) => a.name,
  },
  { id: 'type', header: 'Type', minWidth: 90, priority: 3, cell: (a) => accountTypeWords(a.type) },
  { id: 'status', header: 'Status', minWidth: 70, priority: 2, cell: (a) => accountStatusWords(a.status) },
  {
    id: 'number',
    header: 'Account number',
    minWidth: 130,
    priority: 1,
    className: 'directory-mono',
    cell: (a) => a.accountNumber,
  },
  {
    id: 'routing',
    header: 'Routing number',
    minWidth: 120,
    priority: 1,
    className: 'directory-mono',
    cell: (a) => a.routingNumber,
  },
  {
    id: 'opened',
    header: 'Opened (UTC)',
    minWidth: 110,
    priority: 4,
    className: 'nowrap',
    cell: (a) => day(a.createdAt),
    sortValue: (a) => a.createdAt,
  },
  { id: 'balances', header: 'Balances', minWidth: 100, priority: 5, cell: (a) => balancesWords(a.balances) },
];

/** The legal entities the key sees and their accounts, as last synced. */
export function EntitiesPanel({ profileId, online }: { profileId: string; online: boolean }) {
  const entities = useEntities<LegalEntity>(profileId, 'legalEntity');
  const accounts = useEntities<Account>(profileId, 'account');
  const accountRows = accounts?.items ?? [];
  return (
    <>
      <h2 id="directory-entities">Legal entities</h2>
      <SavedListLine
        label="Legal entities"
        asOf={entities?.asOf ?? null}
        shown={entities?.items.length ?? 0}
        total={entities?.items.length ?? 0}
        online={online}
      />
      <ListBody
        loading={entities === undefined && 'Reading the saved legal entities…'}
        emptyText={entities?.items.length === 0 && 'No legal entity saved yet: they arrive with the first sync.'}
      >
        <DataTable
          columns={ENTITY_COLUMNS}
          rows={entities?.items ?? []}
          rowKey={(e) => e.id}
          labelledBy="directory-entities"
          initialSort={{ column: 'name', direction: 'ascending' }}
        />
      </ListBody>
      <h2 id="directory-accounts">Accounts</h2>
      <SavedListLine
        label="Accounts"
        asOf={accounts?.asOf ?? null}
        shown={accountRows.length}
        total={accountRows.length}
        online={online}
      />
      <ListBody
        loading={accounts === undefined && 'Reading the saved accounts…'}
        emptyText={accountRows.length === 0 && 'No account saved yet: they arrive with the first sync.'}
      >
        <DataTable
          columns={ACCOUNT_COLUMNS}
          rows={accountRows}
          rowKey={(a) => a.id}
          labelledBy="directory-accounts"
          initialSort={{ column: 'opened', direction: 'ascending' }}
        />
      </ListBody>
    </>
  );
}
