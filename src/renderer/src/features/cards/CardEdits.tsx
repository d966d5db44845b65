import { useEffect, useState, type FormEvent } from 'react';
import { CARD_STATUSES, type Card, type CardStatus, type CardUpdate } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { formatUserData, parseUserData } from '../../cards/model/user-data';
import { nameProblem } from '../../cards/model/names';
import { cardStatusMeaning, cardStatusWords } from '../../cards/model/words';
import { TechnicalDetails, type Field } from '../../ui/Fields';
import { SelectField } from '../../ui/SelectField';
import { WriteOutcome } from '../../ui/WriteOutcome';
import { CloseCardDialog } from './CloseCardDialog';
import { UserDataField } from './UserDataField';
import type { CardDirectory } from './useCardDirectory';

interface Props {
  profileId: string;
  card: Card;
  directory: CardDirectory;
  /** Why edits are off (offline); undefined when they are on. */
  disabledReason: string | undefined;
  /** The card's ids and other plumbing, shown with its userData behind "Technical details". */
  technical: readonly Field[];
}

/** One edit of a card at a time: status, name, group, userData. Each is sent on its own. */
export function CardEdits({ profileId, card, directory, disabledReason, technical }: Props) {
  const [name, setName] = useState(card.name);
  const [status, setStatus] = useState<CardStatus>(card.status);
  const [groupId, setGroupId] = useState(card.cardGroupId ?? '');
  const [userData, setUserData] = useState(formatUserData(card.userData));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);

  // The card changed (a write, a sync): the fields start again from what is cached. What the last
  // write said stays on screen: its own answer is one of those changes. Another card remounts this. Keyed on the content, since a live query hands over a new object for any change.
  const cardKey = JSON.stringify(card);
  useEffect(() => {
    setName(card.name);
    setStatus(card.status);
    setGroupId(card.cardGroupId ?? '');
    setUserData(formatUserData(card.userData));
  }, [cardKey]);

  const parsed = parseUserData(userData);
  const closed = card.status === 'closed';
  const off = disabledReason !== undefined || busy !== null || closed;

  async function send(what: string, body: CardUpdate, doneMessage: string) {
    setBusy(what);
    setError(null);
    setDone(null);
    const r = await entityWrites.updateCard(profileId, card.id, body);
    setBusy(null);
    if (r.ok) setDone(doneMessage);
    else setError(r.error.message);
  }

  const submitName = (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    const problem = nameProblem(next, 'card');
    if (problem) return setError(problem);
    void send('name', { name: next }, `Renamed to ${next}.`);
  };
  const submitStatus = (e: FormEvent) => {
    e.preventDefault();
    if (status === card.status) return;
    if (status === 'closed') return setConfirmClose(true);
    void send('status', { status }, `The card is ${cardStatusWords(status).toLowerCase()} now.`);
  };
  const submitGroup = (e: FormEvent) => {
    e.preventDefault();
    void send(
      'group',
      { cardGroupId: groupId || null },
      groupId ? `Moved into ${directory.groupName(groupId)}.` : 'Taken out of its group.',
    );
  };
  const submitUserData = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.ok) return;
    void send('userData', { userData: parsed.value }, parsed.value ? 'userData saved.' : 'userData removed.');
  };

  return (
    <>
      <div className="card-edits" aria-label="Edit the card" role="group" id={`card-edits-${card.id}`} tabIndex={-1}>
        {closed ? (
          <p className="card-edits__note">This card is closed: a closed card cannot be changed or reopened.</p>
        ) : null}
        {disabledReason && !closed ? <p className="card-edits__note">{disabledReason}</p> : null}
        <form className="card-edit" onSubmit={submitStatus}>
          <SelectField
            inline
            label="Status"
            value={status}
            disabled={off}
            onChange={(v) => setStatus(v as CardStatus)}
            options={CARD_STATUSES.map((st) => ({ value: st, label: cardStatusMeaning(st) }))}
          />
          <button type="submit" className="button" disabled={off || status === card.status}>
            {busy === 'status' ? 'Saving…' : 'Set status'}
          </button>
        </form>
        <form className="card-edit" onSubmit={submitName}>
          <label className="field field--inline">
            <span className="field__label">Name</span>
            <input
              className="field__input"
              value={name}
              maxLength={100}
              disabled={off}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={off || name.trim() === card.name}>
            {busy === 'name' ? 'Saving…' : 'Rename'}
          </button>
        </form>
        <form className="card-edit" onSubmit={submitGroup}>
          <SelectField
            inline
            label="Group"
            value={groupId}
            disabled={off}
            onChange={setGroupId}
            options={[
              { value: '', label: 'No group' },
              ...directory.groups.map((g) => ({ value: g.id, label: g.name })),
            ]}
          />
          <button type="submit" className="button" disabled={off || groupId === (card.cardGroupId ?? '')}>
            {busy === 'group' ? 'Saving…' : groupId ? 'Move into group' : 'Take out of group'}
          </button>
          <p className="field__hint">
            The card’s purchases of the current periods move with it: they count toward the limits of the group it
            joins, and no longer toward those of the group it leaves.
          </p>
        </form>
        <WriteOutcome error={error} done={done} />
        <CloseCardDialog
          open={confirmClose}
          card={card}
          onCancel={() => {
            setConfirmClose(false);
            setStatus(card.status);
          }}
          onConfirm={() => {
            setConfirmClose(false);
            void send('status', { status: 'closed' }, 'The card is closed.');
          }}
        />
      </div>
      <TechnicalDetails fields={technical}>
        {/* userData is what other systems attach to the card: edited here, beside the ids. */}
        <form className="card-edit card-edit--block" onSubmit={submitUserData}>
          <UserDataField
            id={`userdata-${card.id}`}
            label="userData (a JSON object)"
            rows={5}
            value={userData}
            parsed={parsed}
            disabled={off}
            onChange={setUserData}
          />
          <button
            type="submit"
            className="button"
            disabled={off || !parsed.ok || userData === formatUserData(card.userData)}
          >
            {busy === 'userData' ? 'Saving…' : 'Save userData'}
          </button>
        </form>
      </TechnicalDetails>
    </>
  );
}
