import { useMemo, useState, type FormEvent } from 'react';
import type { Merchant } from '../../../../shared/service';
import { searchMerchantsOnline } from '../../cards/commands/merchant-search';
import { matchMerchants } from '../../cards/model/merchant-match';
import { count } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { DataTable } from '../../ui/DataTable';
import { SavedListLine } from '../../ui/SavedListLine';
import { SearchField } from '../../ui/SearchField';
import { nameColumn, type TableColumn } from '../../ui/table-column';
import { StatusNote, type Note } from '../../ui/StatusNote';
import { Url } from '../../ui/Url';
import { ListBody, OFFLINE_FETCH } from './AsOf';

const COLUMNS: TableColumn<Merchant>[] = [
  nameColumn(160),
  // Text, not a link: the window opens nothing outside the app.
  { id: 'url', header: 'Website', minWidth: 160, priority: 2, cell: (m) => (m.url ? <Url href={m.url} /> : '—') },
];

/**
 * The saved merchants filtered by name as typed, and online the service's own name search
 * (`search:merchant_name`), whose answers are kept so the same search works offline later.
 */
export function MerchantsPanel({ profileId, online }: { profileId: string; online: boolean }) {
  const list = useEntities<Merchant>(profileId, 'merchant');
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const all = useMemo(
    () => [...(list?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })),
    [list],
  );
  const shown = useMemo(() => matchMerchants(all, text, Infinity), [all, text]);
  const wanted = text.trim();

  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!online || !wanted || searching) return;
    setSearching(true);
    setNote(null);
    const r = await searchMerchantsOnline(profileId, wanted);
    setSearching(false);
    if (!r.ok) return setNote({ text: `The bank could not be searched: ${r.error.message}`, error: true });
    const n = r.value.length;
    setNote({
      text:
        n === 0
          ? `The bank knows no merchant named like “${wanted}”.`
          : `${count(n)} merchant${n === 1 ? '' : 's'} found by the bank, as of the last sync.`,
      error: false,
    });
  };

  return (
    <>
      <SavedListLine
        label="Merchants"
        asOf={list?.asOf ?? null}
        shown={shown.length}
        total={all.length}
        online={online}
      />
      <form className="directory-toolbar" role="search" aria-label="Merchants" onSubmit={(e) => void search(e)}>
        <SearchField
          label="Merchant name"
          placeholder="Part of a merchant's name"
          value={text}
          onChange={(typed) => {
            setText(typed);
            setNote(null);
          }}
        />
        <button
          type="submit"
          className="button"
          disabled={!online || !wanted || searching}
          title={online ? (wanted ? undefined : 'Type part of a name first.') : OFFLINE_FETCH}
        >
          {searching ? 'Searching…' : 'Search the bank'}
        </button>
        <StatusNote note={note} />
      </form>
      <ListBody
        loading={list === undefined && 'Reading the saved merchants…'}
        emptyText={
          shown.length === 0 &&
          (all.length === 0
            ? 'No merchants saved yet: they arrive with the first sync, or search the bank by name.'
            : online
              ? 'No saved merchant has that in its name: search the bank for it.'
              : 'No saved merchant has that in its name.')
        }
      >
        <DataTable columns={COLUMNS} rows={shown} rowKey={(m) => m.id} label="Merchants" />
      </ListBody>
    </>
  );
}
