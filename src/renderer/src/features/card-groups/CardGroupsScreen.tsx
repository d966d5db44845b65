import { forActiveProfile } from '../../app/active-profile';
import { useMemo, useState } from 'react';
import type { Card, CardGroup } from '../../../../shared/service';
import { useEntities } from '../../repos/entities-hooks';
import { useConnectivity } from '../../stores/connectivity';
import { ListDetail } from '../../ui/ListDetail';
import { PickList } from '../../ui/PickList';
import { SavedListLine } from '../../ui/SavedListLine';
import { SearchField } from '../../ui/SearchField';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { GroupDetail } from './GroupDetail';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { NewGroupDialog } from './NewGroupDialog';
import './card-groups.css';
import { newItemAction } from '../../model/actions';
import { useScreenActions } from '../../stores/action-registry';

export const OFFLINE_GROUP_EDITS =
  'Offline: changes to groups need the service. They are shown as they were last synced.';

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const CardGroupsScreen = forActiveProfile(GroupsFor);

/** Matches as the service's `filter:name` does: part of the name, ignoring case. */
function byName(groups: CardGroup[], name: string): CardGroup[] {
  const needle = name.trim().toLowerCase();
  return needle ? groups.filter((g) => g.name.toLowerCase().includes(needle)) : groups;
}

function GroupsFor({ profileId }: { profileId: string }) {
  const groups = useEntities<CardGroup>(profileId, 'cardGroup');
  const cards = useEntities<Card>(profileId, 'card');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const [name, setName] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const all = useMemo(
    () =>
      [...(groups?.items ?? [])].sort(
        (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1),
      ),
    [groups],
  );
  const shown = useMemo(() => byName(all, name), [all, name]);
  const cardsIn = useMemo(() => {
    const n = new Map<string, number>();
    for (const c of cards?.items ?? []) if (c.cardGroupId) n.set(c.cardGroupId, (n.get(c.cardGroupId) ?? 0) + 1);
    return n;
  }, [cards]);
  const selected = selectedId ? all.find((g) => g.id === selectedId) : undefined;
  const disabledReason = online ? undefined : OFFLINE_GROUP_EDITS;
  useScreenActions([newItemAction('card-groups:new', 'New group', online, () => setCreating(true))]);

  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading
        aside={
          <SavedListLine
            label="Card groups"
            asOf={groups?.asOf ?? null}
            shown={shown.length}
            total={all.length}
            online={online}
          />
        }
      >
        Card groups
      </ScreenHeading>
      <div className="tx-toolbar">
        <SearchField label="Name" placeholder="Part of a group's name" value={name} onChange={setName} />
        <button
          type="button"
          className="button button--primary"
          disabled={!online}
          title={disabledReason}
          onClick={() => setCreating(true)}
        >
          New group
        </button>
      </div>
      <ListDetail
        detail={
          selected ? (
            <ErrorBoundary key={selected.id} what="This group's details">
              <GroupDetail
                profileId={profileId}
                group={selected}
                online={online}
                disabledReason={disabledReason}
                onClose={() => setSelectedId(null)}
              />
            </ErrorBoundary>
          ) : null
        }
      >
        {groups === undefined ? (
          <p className="muted">Reading the saved groups…</p>
        ) : shown.length === 0 ? (
          <p className="muted">
            {all.length === 0
              ? 'No card groups saved yet: they arrive with the first sync, or create one.'
              : 'No group has that in its name.'}
          </p>
        ) : (
          <PickList
            label="Card groups"
            selectedId={selectedId}
            onSelect={setSelectedId}
            items={shown.map((g) => {
              const n = cardsIn.get(g.id) ?? 0;
              return {
                id: g.id,
                text: g.name,
                content: (
                  <>
                    <span className="pick-item__name">{g.name}</span>
                    <span className="muted">
                      {n} card{n === 1 ? '' : 's'}
                    </span>
                  </>
                ),
              };
            })}
          />
        )}
      </ListDetail>
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
