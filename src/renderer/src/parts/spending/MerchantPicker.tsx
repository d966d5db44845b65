import { useEffect, useMemo, useState } from 'react';
import type { Merchant } from '../../../../shared/service';
import { searchMerchantsOnline } from '../../cards/commands/merchant-search';
import { matchMerchants } from '../../cards/model/merchant-match';
import { useEntities } from '../../repos/entities-hooks';
import { AddEntry } from './AddEntry';

interface Props {
  id: string;
  profileId: string;
  online: boolean;
  onAdd(entry: string): void;
  disabled?: boolean;
}

/** Waits this long after the last keystroke before asking the service, so typing sends one query. */
const SEARCH_DELAY_MS = 300;

/**
 * Picks a merchant by name. Suggestions come from the cached merchants (so it works offline);
 * online, the typed text is also sent as `search:merchant_name` and the answers join the cache.
 * A name the service does not list can still be added: a merchant rule's entry is a merchant's name
 * (matched in any case) or its id.
 */
export function MerchantPicker({ id, profileId, online, onAdd, disabled }: Props) {
  const cached = useEntities<Merchant>(profileId, 'merchant');
  const [text, setText] = useState('');
  const [searchNote, setSearchNote] = useState<string | null>(null);

  useEffect(() => {
    const wanted = text.trim();
    if (!online || wanted.length < 2) {
      setSearchNote(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setSearchNote('Searching the service…');
      void searchMerchantsOnline(profileId, wanted, abort.signal).then((r) => {
        if (abort.signal.aborted) return;
        setSearchNote(r.ok ? null : `The service search failed (${r.error.message}); showing cached merchants only.`);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [online, profileId, text]);

  const suggestions = useMemo(
    () =>
      matchMerchants(cached?.items ?? [], text).map((m) => ({
        value: m.name,
        label: m.url ? `${m.name} — ${m.url}` : m.name,
      })),
    [cached, text],
  );
  const count = cached?.items.length ?? 0;
  const hint = online
    ? `Type a name (any case matches) or a merchant’s id: suggestions come from ${count} cached merchants and a search of the service.`
    : `Offline: suggestions come from ${count} cached merchants. A name matches in any case; a merchant’s id works too.`;
  return (
    <AddEntry
      id={id}
      label="Add a merchant"
      hint={hint}
      suggestions={suggestions}
      onAdd={onAdd}
      onTextChange={setText}
      disabled={disabled}
      status={
        searchNote ? (
          <p className="field__hint" role="status">
            {searchNote}
          </p>
        ) : null
      }
    />
  );
}
