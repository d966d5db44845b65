import { useEffect, useId, useState } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { useSyncStore } from '../../app/sync';
import { bytes, count } from '../../model/format';
import { unsentInWords } from '../../outbox/model/unsent';
import { useUnsent } from '../../outbox/repo/outbox-hooks';
import { storageUse, type StorageUse } from '../../platform/storage';
import { cacheCensus, type CacheCensus } from '../../repos/cache-repo';
import { useProfiles } from '../../stores/profiles';
import { ClearCacheDialog } from '../../parts/profiles/DataActionDialogs';

/** The browser's estimate for every profile together (it cannot split it per database). */
function OriginUse({ refresh }: { refresh: number }) {
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void storageUse()
      .catch(() => null)
      .then((u) => live && setUse(u));
    return () => {
      live = false;
    };
  }, [refresh]);
  if (use === undefined) return null;
  if (use === null) return <p className="field__hint">This window cannot say how much space the app uses.</p>;
  const split =
    use.indexedDb !== undefined && use.files !== undefined
      ? ` (${bytes(use.indexedDb)} in databases, ${bytes(use.files)} in files)`
      : '';
  return (
    <p className="field__hint" data-testid="storage-estimate">
      Every profile together: about {bytes(use.usage)}
      {split}, by the browser’s own estimate, which cannot be split per profile.
    </p>
  );
}

/** One profile's counts, read again when its sync settles or its cache was cleared. */
function ProfileData({ profile, onClear, refresh }: { profile: ProfileView; onClear(): void; refresh: number }) {
  const syncedAt = useSyncStore((s) => s.byProfile[profile.id]?.lastSuccessAt ?? null);
  const phase = useSyncStore((s) => s.byProfile[profile.id]?.phase ?? null);
  const unsent = useUnsent(profile.id);
  const [census, setCensus] = useState<CacheCensus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    let live = true;
    setError(null);
    cacheCensus(profile.id).then(
      (c) => live && setCensus(c),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [profile.id, syncedAt, phase, refresh]);

  const counting = census === null ? (error ? `Could not count: ${error}` : 'Counting…') : null;
  return (
    <li className="settings-data__profile">
      <section aria-labelledby={titleId}>
        <h3 id={titleId} className="settings-data__name">
          {profile.name}
        </h3>
        <dl className="detail-fields settings-data__facts">
          <dt>Transactions cached</dt>
          <dd data-testid="cached-transactions">{counting ?? count(census?.transactions ?? 0)}</dd>
          <dt>Cards, accounts, other items</dt>
          <dd>{counting ?? count(census?.entities ?? 0)}</dd>
          <dt>Search index file</dt>
          <dd>{counting ?? (census?.indexFileBytes != null ? bytes(census.indexFileBytes) : 'None')}</dd>
          <dt>Not sent yet</dt>
          <dd data-testid="unsent-items">{unsent ? unsentInWords(unsent.summary) : 'Counting…'}</dd>
        </dl>
        <button
          type="button"
          className="button button--quiet"
          onClick={onClear}
          aria-label={`Clear the cache of ${profile.name}`}
          aria-haspopup="dialog"
        >
          Clear the cache…
        </button>
      </section>
    </li>
  );
}

/**
 * Settings → what each profile keeps on this computer: its cache (transactions, other items,
 * the search index file) and its unsent items, with "Clear the cache…". Removing a profile is in
 * the Profiles list above.
 */
export function LocalData() {
  const profiles = useProfiles((s) => s.profiles);
  const [clearing, setClearing] = useState<ProfileView | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <OriginUse refresh={refresh} />
      <ul className="settings-data" aria-label="What each profile keeps on this computer">
        {profiles.map((p) => (
          <ProfileData
            key={p.id}
            profile={p}
            refresh={refresh}
            onClear={() => {
              setDone(null);
              setClearing(p);
            }}
          />
        ))}
      </ul>
      <p className="field__hint">
        Transactions count each one once, however often it changed. Saved searches are kept when a cache is cleared.
      </p>
      <p className="form__saved" aria-live="polite">
        {done}
      </p>
      <ClearCacheDialog
        profile={clearing}
        onClose={() => setClearing(null)}
        onDone={(message) => {
          setClearing(null);
          setDone(message);
          setRefresh((n) => n + 1);
        }}
      />
    </>
  );
}
