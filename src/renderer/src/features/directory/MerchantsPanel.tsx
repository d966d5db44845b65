import { useMemo, useState, type FormEvent } from 'react';
import type { Merchant } from '../../../../shared/service';
import { searchMerchantsOnline } from '../../cards/commands/merchant-search';
import { matchMerchants } from '../../cards/model/merchant-match';
import { count } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { AsOf, ListBody, OFFLINE_FETCH } from './AsOf';

type Note = { text: string; error: boolean } | null;

/**
 * The saved merchants filtered by name as typed, and online the service's own name search
 * (`search:merchant_name`), whose answers are kept so the same search works offline later.
 */
export function MerchantsPanel({ profileId, online }: { profileId: string; online: boolean }) {
  const list = useEntities<Merchant>(profileId, 'merchant');
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const all = useMemo(() => [...(list?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })), [list]);
  const shown = useMemo(() => matchMerchants(all, text, Infinity), [all, text]);
  const wanted = text.trim();

  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!online || !wanted || searching) return;
    setSearching(true);
    setNote(null);
    const r = await searchMerchantsOnline(profileId, wanted);
    setSearching(false);
    if (!r.ok) return setNote({ text: `The service could not be searched: ${r.error.message}`, error: true });
    const n = r.value.length;
    setNote({ text: n === 0 ? `The service knows no merchant named like “${wanted}”.` : `${count(n)} merchant${n === 1 ? '' : 's'} found by the service, saved on this computer.`, error: false });
  };

  return (
    <>
      <AsOf label="Merchants" asOf={list?.asOf ?? null} shown={shown.length} total={all.length} online={online} />
      <form className="directory-toolbar" role="search" aria-label="Merchants" onSubmit={(e) => void search(e)}>
        <label className="field field--inline">
          <span className="field__label">Merchant name</span>
          <input
            type="search"
            className="field__input"
            placeholder="Part of a merchant's name"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setNote(null);
            }}
          />
        </label>
        <button type="submit" className="button" disabled={!online || !wanted || searching} title={online ? (wanted ? undefined : 'Type part of a name first.') : OFFLINE_FETCH}>
          {searching ? 'Searching…' : 'Search the service'}
        </button>
        {note ? (
          <span className={note.error ? 'field__error' : 'muted'} role={note.error ? 'alert' : 'status'}>
            {note.text}
          </span>
        ) : null}
      </form>
      <ListBody loading={list === undefined && 'Reading the saved merchants…'} emptyText={shown.length === 0 && (all.length === 0 ? 'No merchants saved yet: they arrive with the first sync, or search the service by name.' : online ? 'No saved merchant has that in its name: search the service for it.' : 'No saved merchant has that in its name.')}>
        <table className="table">
          <caption className="visually-hidden">Merchants</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Website</th>
              <th scope="col">Id</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.name}</th>
                {/* Text, not a link: the window opens nothing outside the app. */}
                <td className="table__url">{m.url ?? '—'}</td>
                <td className="directory-mono">{m.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListBody>
    </>
  );
}
