import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Card, CardGroup, VirtualAccountView } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { nameProblem } from '../../cards/model/names';
import { readGroup } from '../../cards/commands/fetch-groups';
import { useCachedTransactions } from '../../cards/commands/cached-transactions';
import { useServiceUtilization } from '../../cards/commands/service-reads';
import { spendWindowStart } from '../../cards/model/spend-window';
import { ConstraintEditor } from '../spending/ConstraintEditor';
import { UtilizationMeters } from '../spending/UtilizationMeters';
import { useEntities } from '../../repos/entities-hooks';
import { FormError } from '../../ui/FormError';
import { ServiceUtilizationLine } from '../spending/ServiceUtilizationLine';

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
  const members = (cards?.items ?? []).filter((c) => c.cardGroupId === group.id).sort((a, b) => a.name.localeCompare(b.name));
  const va = (vas?.items ?? []).find((v) => v.virtualAccount.id === group.virtualAccountId);
  const utilization = useServiceUtilization(profileId, { kind: 'group', id: group.id }, online);
  const now = Date.now();
  const since = spendWindowStart([group.spendingConstraint], now);
  const spendQuery = useMemo(() => (since === undefined ? null : { cardGroupIds: [group.id], maxCents: -1, ...(since !== null ? { fromMs: since } : {}) }), [group.id, since]);
  const spend = useCachedTransactions(profileId, spendQuery, 20_000);
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
    if (r.ok) setDone('Read again from the service.');
    else setError(r.error.message);
  };

  return (
    <aside className="detail-pane" role="region" aria-label="Group details">
      <div className="detail-pane__head">
        <div>
          <h2 className="detail-pane__title">{group.name}</h2>
          <p className="detail-pane__sub">
            {members.length} card{members.length === 1 ? '' : 's'} · spends from {va?.virtualAccount.name ?? group.virtualAccountId ?? 'the primary virtual account'}
          </p>
        </div>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label="Close the group details">
          ✕
        </button>
      </div>
      <dl className="detail-fields">
        <dt>Group id</dt>
        <dd>
          <code>{group.id}</code>
        </dd>
        <dt>Virtual account</dt>
        <dd>{va?.virtualAccount.name ?? group.virtualAccountId ?? 'Not given'}</dd>
      </dl>
      <ServiceUtilizationLine utilization={utilization} online={online} title="Utilization of the group (all its cards)" />
      <div className="card-edits" role="group" aria-label="Edit the group">
        {disabledReason ? <p className="card-edits__note">{disabledReason}</p> : null}
        <form className="card-edit" onSubmit={(e) => void rename(e)}>
          <label className="field field--inline">
            <span className="field__label">Name</span>
            <input className="field__input" value={name} maxLength={100} disabled={!!disabledReason || busy} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="button" disabled={!!disabledReason || busy || name.trim() === group.name}>
            Rename
          </button>
          <button type="button" className="button button--quiet" disabled={!!disabledReason || busy} onClick={() => void reread()}>
            Read again from the service
          </button>
        </form>
        <FormError message={error} />
        {done ? (
          <p className="card-edits__done" role="status">
            {done}
          </p>
        ) : null}
      </div>
      <section className="card-section" aria-labelledby={`group-cards-${group.id}`}>
        <h3 id={`group-cards-${group.id}`} className="card-section__title">
          Cards of the group
        </h3>
        {members.length === 0 ? (
          <p className="muted">No card is in this group. Move one in from its page under Cards.</p>
        ) : (
          <ul className="group-cards" aria-label="Cards of the group">
            {members.map((c) => (
              <li key={c.id}>
                {c.name} <span className="muted">•••• {c.last4}</span> <span className={`card-status card-status--${c.status}`}>{c.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card-section" aria-label="Spending controls">
        <h3 className="card-section__title">Spending controls of the group</h3>
        {!spend.complete ? <p className="field__error">More than 20,000 purchases fall in the current periods: the meters count the newest of them only.</p> : null}
        <UtilizationMeters constraint={group.spendingConstraint} transactions={spend.rows} now={now} scope="the group's cards together" />
        <ConstraintEditor profileId={profileId} owner={{ kind: 'group', group }} online={online} />
      </section>
    </aside>
  );
}
