// One row of the Approvals inbox, cut from Inbox.tsx: what it is, who asked and who approved, its
// balance after, and what it still needs.
import { memo, type KeyboardEvent } from 'react';
import { ago, money, timeOfDay } from '../../model/format';
import type { BalanceAfter } from '../../outbox/model/balance-after';
import { soloWhoLine } from '../../outbox/model/who';
import type { InboxItem } from '../../team/model/inbox';
import { teamWhoLine, type MemberNames } from '../../team/model/who-line';
import { TechnicalDetails } from '../../ui/Fields';

/** The id of the inbox's keyboard hint, which the row under the cursor points to. */
export const HINT_ID = 'inbox-keys-hint';

function balanceAfterWords(b: BalanceAfter | undefined): string {
  if (!b) return 'Not known on this computer';
  const ahead =
    b.ahead.count === 0
      ? 'nothing ahead of it'
      : `after ${b.ahead.count === 1 ? '1 item' : `${b.ahead.count} items`} ahead of it, ${money(b.ahead.cents)}`;
  return `${money(b.afterCents)} (${ahead})`;
}

interface RowProps {
  item: InboxItem;
  /** What it leaves in its source account; undefined when the cache cannot tell. */
  after: BalanceAfter | undefined;
  now: number;
  /** The workspace's members by id (its verified directory), for who approved. */
  names: MemberNames;
  /** This desktop's member id in the workspace, or null. */
  me: string | null;
  /** Approved in the workspace, but this desktop's sending is paused. */
  held: boolean;
  current: boolean;
  checked: boolean;
  onToggle(key: string): void;
  onFocus(key: string): void;
  onKeyDown(e: KeyboardEvent<HTMLLIElement>): void;
  /** Opens the review of a row whose send may have gone through (offered where this person may review it). */
  onReview(key: string): void;
}

export const InboxRow = memo(function InboxRow({
  item,
  after,
  now,
  names,
  me,
  held,
  current,
  checked,
  onToggle,
  onFocus,
  onKeyDown,
  onReview,
}: RowProps) {
  const boxId = `inbox-check-${item.key}`;
  return (
    <li
      className={`outbox__row inbox__row${current ? ' outbox__row--selected' : ''}`}
      data-key={item.key}
      tabIndex={current ? 0 : -1}
      aria-current={current ? 'true' : undefined}
      aria-label={`${item.title}, asked by ${item.askedBy} ${ago(item.askedAt, now)}: ${item.needs}`}
      aria-describedby={current ? HINT_ID : undefined}
      onFocus={() => onFocus(item.key)}
      onKeyDown={onKeyDown}
    >
      <div className="inbox__line">
        <input id={boxId} type="checkbox" checked={checked} onChange={() => onToggle(item.key)} tabIndex={-1} />
        <label htmlFor={boxId} className="inbox__title">
          {item.title}
        </label>
        <span className="inbox__amount">
          {item.amountCents === null ? 'Amount not known' : money(item.amountCents)}
        </span>
      </div>
      <p className="inbox__who">{whoLine(item, names, me, now)}</p>
      {held ? (
        <p className="field__hint inbox__held">
          Held: sending is paused on this desktop. It goes out when you resume, or when another desktop holding the
          profile’s key sends it.
        </p>
      ) : null}
      <dl className="outbox__review">
        <div>
          <dt>From</dt>
          <dd>{item.source}</dd>
        </div>
        <div>
          <dt>Balance after</dt>
          <dd data-testid="inbox-balance-after">{balanceAfterWords(after)}</dd>
        </div>
        {/* The approvals still needed are on the who-line; only what it does not say is here. */}
        {item.remark === null ? null : (
          <div>
            <dt>{stopped(item) ? 'Will not be sent' : 'Still needed'}</dt>
            <dd className={stopped(item) ? 'inbox__stopped' : undefined}>{item.remark}</dd>
          </div>
        )}
      </dl>
      {item.ignored.length > 0 ? (
        <details className="outbox__details">
          <summary>Decisions that do not count ({item.ignored.length})</summary>
          <ul>
            {item.ignored.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {item.review === null ? (
        <div className="form__actions">
          <button type="button" className="button" onClick={() => onReview(item.key)}>
            Review…
          </button>
        </div>
      ) : null}
      <TechnicalDetails fields={technical(item)} />
    </li>
  );
});

const stopped = (item: InboxItem) => item.state === 'never' || item.state === 'blocked' || item.state === 'refused';

/** Who asked, who approved and what is still needed, on the row itself. */
function whoLine(item: InboxItem, names: MemberNames, me: string | null, now: number): string {
  if (item.origin === 'solo') return soloWhoLine(item.row, now) ?? '';
  if (item.origin === 'team') return teamWhoLine(item.team, names, me, now);
  return `Requested by you ${timeOfDay(item.askedAt, now)} · signed here, not in the workspace yet`;
}

function technical(item: InboxItem): [string, string][] {
  const base: [string, string][] = [['Row id', item.rowId]];
  if (item.origin === 'solo') return [...base, ['Idempotency key', item.row.idempotencyKey]];
  if (item.origin === 'team')
    return [
      ...base,
      ['Idempotency key', item.team.idempotencyKey],
      ['Service address', item.team.service],
      ['Decisions on record', String(item.team.decisions.length)],
    ];
  return [...base, ['Signed here', 'not in the workspace yet']];
}
