import { useMemo, useState } from 'react';
import type { CardGroup } from '../../../../shared/service';
import { fetchGroupPage } from '../../cards/commands/fetch-groups';
import { ago, count } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { useConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';
import { PagedFetchButtons } from '../../ui/PagedFetchButtons';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { plural, usePagedFetch } from '../../ui/usePagedFetch';
import { GroupDetail } from './GroupDetail';
import { NewGroupDialog } from './NewGroupDialog';
import './card-groups.css';

export const OFFLINE_GROUP_EDITS = 'Offline: changes to groups need the service. They are shown as they were last synced.';

export function CardGroupsScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  if (!profileId) return null;
  return <GroupsFor key={profileId} profileId={profileId} />;
}

/** Matches as the service's `filter:name` does: part of the name, ignoring case. */
function byName(groups: CardGroup[], name: string): CardGroup[] {
  const needle = name.trim().toLowerCase();
  return needle ? groups.filter((g) => g.name.toLowerCase().includes(needle)) : groups;
}

function GroupsFor({ profileId }: { profileId: string }) {
  const groups = useEntities<CardGroup>(profileId, 'cardGroup');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const [name, setName] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const paged = usePagedFetch((cursor) => fetchGroupPage(profileId, name, cursor), plural('group'));

  const all = useMemo(() => [...(groups?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1)), [groups]);
  const shown = useMemo(() => byName(all, name), [all, name]);
  const selected = selectedId ? all.find((g) => g.id === selectedId) : undefined;
  const disabledReason = online ? undefined : OFFLINE_GROUP_EDITS;

  return (
    <section className={`screen screen--wide groups-screen${selected ? ' groups-screen--detail' : ''}`} aria-labelledby="screen-title">
      <div className="screen__row">
        <ScreenHeading>Card groups</ScreenHeading>
        <p className="muted cards-asof">
          {groups?.asOf ? `Saved list as of ${ago(groups.asOf)}` : 'Not synced yet'} · {count(shown.length)} of {count(all.length)} shown{online ? '' : ' · offline'}
        </p>
      </div>
      <div className="tx-toolbar">
        <label className="field field--inline">
          <span className="field__label">Name</span>
          <input
            type="search"
            className="field__input"
            placeholder="Part of a group's name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              paged.reset();
            }}
          />
        </label>
        <PagedFetchButtons paged={paged} label="Fetch from the service" disabled={!online} />
        <button type="button" className="button button--primary" disabled={!online} title={disabledReason} onClick={() => setCreating(true)}>
          New group
        </button>
      </div>
      <div className="cards-body">
        <div className="groups-list">
          {groups === undefined ? (
            <p className="muted">Reading the saved groups…</p>
          ) : shown.length === 0 ? (
            <p className="muted">{all.length === 0 ? 'No card groups saved yet: they arrive with the first sync, or create one.' : 'No group has that in its name.'}</p>
          ) : (
            <ul className="pick-list" aria-label="Card groups">
              {shown.map((g) => (
                <li key={g.id}>
                  <button type="button" className={`pick-item${g.id === selectedId ? ' pick-item--selected' : ''}`} aria-pressed={g.id === selectedId} onClick={() => setSelectedId(g.id)}>
                    <span className="pick-item__name">{g.name}</span>
                    <span className="muted">{g.id}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {selected ? <GroupDetail key={selected.id} profileId={profileId} group={selected} online={online} disabledReason={disabledReason} onClose={() => setSelectedId(null)} /> : null}
      </div>
      <NewGroupDialog
        open={creating}
        profileId={profileId}
        onClose={(g) => {
          setCreating(false);
          if (g) setSelectedId(g.id);
        }}
      />
    </section>
  );
}
