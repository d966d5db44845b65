import { useEffect, useState, type FormEvent } from 'react';
import type { Card, CardGroup, VirtualAccountView } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { nameProblem } from '../../cards/model/names';
import { readGroup } from '../../cards/commands/fetch-groups';
import { useCachedTransactions } from '../../transactions/commands/cached-transactions';
import { useServiceUtilization } from '../../cards/commands/service-reads';
import { spendQuery, spendWindowStart } from '../../cards/model/spend-window';
import { ConstraintEditor } from '../../parts/spending/ConstraintEditor';
import { SpendCountedNote, UtilizationMeters } from '../../parts/spending/UtilizationMeters';
import { useEntities } from '../../repos/entities-hooks';
import { WriteOutcome } from '../../ui/WriteOutcome';
import { ServiceUtilizationLine } from '../../parts/spending/ServiceUtilizationLine';
import { cardStatusWords } from '../../cards/model/words';
import { DetailPane } from '../../ui/DetailPane';
import { TechnicalDetails, TechValue } from '../../ui/Fields';

interface Props {
  profileId: string;
  group: CardGroup;
  online: boolean;
  disabledReason: string | undefined;
  onClose(): void;
}

/** One group: its fields, its cards, what it spent against its limits; rename and read it again. */
export function GroupDetail({ profileId, group, online, disabledReason, onClose }: Props) {
  const cards = useEntities<Card>(profileId, 'card');
  const vas = useEntities<VirtualAccountView>(profileId, 'virtualAccount');
  const members = (cards?.items ?? [])
    .filter((c) => c.cardGroupId === group.id)
    .sort((a, b) => a.name.localeCompare(b.name));
  const va = (vas?.items ?? []).find((v) => v.virtualAccount.id === group.virtualAccountId);
  const utilization = useServiceUtilization(profileId, { kind: 'group', id: group.id }, online);
  const now = Date.now();
  const since = spendWindowStart([group.spendingConstraint], now);
  // The group's limits count the cards in it now; the read is keyed on the query's text, so rebuilding it each render costs nothing.
  const spend = useCachedTransactions(
    profileId,
    spendQuery(
      members.map((c) => c.id),
      since,
    ),
    20_000,
  );
  const [name, setName] = useState(group.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => setName(group.name), [group.name]);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    const problem = nameProblem(next, 'group');
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await entityWrites.renameCardGroup(profileId, group.id, next);
    setBusy(false);
    if (r.ok) setDone(`Renamed to ${next}.`);
    else setError(r.error.message);
  };

  const reread = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await readGroup(profileId, group.id);
    setBusy(false);
    if (r.ok) setDone('Refreshed from the bank.');
    else setError(r.error.message);
  };

  return (
    <DetailPane
      label="Group details"
      title={group.name}
      closeLabel="the group details"
      onClose={onClose}
      sub={`${members.length} card${members.length === 1 ? '' : 's'} · spends from ${va?.virtualAccount.name ?? 'the primary account'}`}
    >
      <ServiceUtilizationLine
        utilization={utilization}
        online={online}
        title="Utilization of the group (all its cards)"
      />
      <div className="card-edits" role="group" aria-label="Edit the group">
        {disabledReason ? <p className="card-edits__note">{disabledReason}</p> : null}
        <form className="card-edit" onSubmit={(e) => void rename(e)}>
          <label className="field field--inline">
            <span className="field__label">Name</span>
            <input
              className="field__input"
              value={name}
              maxLength={100}
              disabled={!!disabledReason || busy}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={!!disabledReason || busy || name.trim() === group.name}>
            Rename
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={!!disabledReason || busy}
            onClick={() => void reread()}
          >
            Refresh this group
          </button>
        </form>
        <WriteOutcome error={error} done={done} />
      </div>
      <section className="detail-section" aria-labelledby={`group-cards-${group.id}`}>
        <h3 id={`group-cards-${group.id}`} className="detail-section__title">
          Cards of the group
        </h3>
        {members.length === 0 ? (
          <p className="muted">No card is in this group. Move one in from its page under Cards.</p>
        ) : (
          <ul className="group-cards" aria-label="Cards of the group">
            {members.map((c) => (
              <li key={c.id}>
                {c.name} <span className="muted">•••• {c.last4}</span>{' '}
                <span className={`card-status card-status--${c.status}`}>{cardStatusWords(c.status)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="detail-section" aria-label="Spending controls">
        <h3 className="detail-section__title">Spending controls of the group</h3>
        {!spend.complete ? (
          <p className="field__error" role="alert">
            More than 20,000 purchases fall in the current periods: the meters count the newest of them only.
          </p>
        ) : null}
        <UtilizationMeters
          constraint={group.spendingConstraint}
          transactions={spend.rows}
          now={now}
          scope="the group's cards together"
        />
        {since !== undefined ? <SpendCountedNote /> : null}
        <ConstraintEditor profileId={profileId} owner={{ kind: 'group', group }} online={online} />
      </section>
      <TechnicalDetails
        fields={[
          ['Group id', <TechValue>{group.id}</TechValue>],
          [
            'Virtual account id',
            group.virtualAccountId ? <TechValue>{group.virtualAccountId}</TechValue> : 'Not given',
          ],
        ]}
      />
    </DetailPane>
  );
}
