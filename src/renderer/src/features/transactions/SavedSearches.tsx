import { useState } from 'react';
import { deleteSavedSearch, DuplicateNameError, saveSearch } from '../../repos/saved-searches-repo';
import { useSavedSearches } from '../../repos/saved-searches-hooks';
import type { TxQuery } from '../../model/tx-query';

interface Props {
  profileId: string;
  query: TxQuery;
  onApply(query: TxQuery): void;
}

/** Named searches kept in the profile's cache: save the current one, apply or delete one. */
export function SavedSearches({ profileId, query, onApply }: Props) {
  const saved = useSavedSearches(profileId) ?? [];
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const empty = Object.keys(query).length === 0;

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setMessage({ text: 'Give the search a name.', error: true });
      return;
    }
    try {
      await saveSearch(profileId, trimmed, query);
      setName('');
      setMessage({ text: `Saved “${trimmed}”.`, error: false });
    } catch (error) {
      setMessage({
        text: error instanceof DuplicateNameError ? error.message : 'The search could not be saved.',
        error: true,
      });
    }
  };

  return (
    <div className="saved-searches">
      <div className="saved-searches__list" role="group" aria-label="Saved searches">
        {saved.length === 0 ? <span className="muted">No saved searches yet.</span> : null}
        {saved.map((s) => (
          <span key={s.id} className="chip">
            <button type="button" className="chip__label" onClick={() => onApply(s.query as TxQuery)}>
              {s.name}
            </button>
            <button
              type="button"
              className="chip__remove"
              aria-label={`Delete the saved search ${s.name}`}
              onClick={() => void deleteSavedSearch(profileId, s.id)}
            >
              ✕
            </button>
          </span>
        ))}
      </div>
      <form
        className="saved-searches__form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor="save-search-name" className="visually-hidden">
          Name for this search
        </label>
        <input
          id="save-search-name"
          className="field__input"
          placeholder="Name this search"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          disabled={empty}
        />
        <button type="submit" className="button" disabled={empty}>
          Save search
        </button>
      </form>
      {message ? (
        <p
          className={message.error ? 'field__error' : 'field__hint'}
          role={message.error ? 'alert' : undefined}
          aria-live="polite"
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
