import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { OutboxKind, OutboxRow, OutboxState } from '../../../../shared/outbox';
import type { Action as PaletteAction } from '../../model/actions';
import { parseDollars } from '../../outbox/model/money-input';
import { approvalHash, serviceLabel } from '../../outbox/model/approval-binding';
import { planQueue } from '../../outbox/model/queue-plan';
import { useFinishedRows, useOutboxRows } from '../../outbox/repo/outbox-hooks';
import { money } from '../../model/format';
import { rowActions } from '../../team/commands/row-actions';
import { useBoundShortcuts, useScreenActions } from '../../stores/action-registry';
import { useAppInfo } from '../../stores/app-info';
import { formatShortcut } from '../../model/shortcuts';
import { rowCommands } from './row-commands';
import { useProfileService } from '../../outbox/commands/profile-service';
import { reviewLines, STATE_LABEL, STATE_ORDER, technicalLines, title } from '../../outbox/model/describe';
import { TechnicalDetails } from '../../ui/Fields';
import { HELD_LINE, isHeld } from '../../outbox/model/held';
import { queueWhoLine } from '../../outbox/model/who';
import { useSendingPaused } from '../../team/commands/team-sending-status';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import './outbox.css';

interface Props {
  profileId: string;
  /** Only this kind (the Transfers and Payments screens); all kinds on Approvals. */
  kind?: OutboxKind;
  /** Rows in these groups start open. */
  emptyText: string;
  /** A row to select, and to focus once it is drawn in this state (the one a side panel has just queued). */
  selectRequest?: { rowId: string; state: OutboxState } | null;
  /** Rows in this state are shown elsewhere on the screen (the Approvals inbox), and left out here. */
  omitState?: OutboxState;
  /** What to say when every row is left out. */
  omittedText?: string;
}

/** Finished rows shown at first, and how many more each "Show more" adds. */
const FINISHED_PAGE = 50;
const NO_ACTIONS: PaletteAction[] = [];
const SELECTION_HINT_ID = 'outbox-selection-hint';

/** The row a key moves the selection to, in the order the rows are shown. */
function moveTo(key: string, order: readonly OutboxRow[], from: number): OutboxRow | undefined {
  if (key === 'ArrowDown') return order[Math.min(order.length - 1, from + 1)];
  if (key === 'ArrowUp') return order[Math.max(0, from - 1)];
  if (key === 'Home') return order[0];
  if (key === 'End') return order[order.length - 1];
  return undefined;
}

/**
 * The outbox grouped by state, with what a person can do to each row, and why a row waits. The
 * queue is read whole (it holds only unfinished rows); finished rows come from the archive, the
 * newest first, a page at a time, so the screen costs the same after 100 or 100,000 sends.
 */
export function OutboxQueue({ profileId, kind, emptyText, selectRequest = null, omitState, omittedText }: Props) {
  const queue = useOutboxRows(profileId);
  const [finishedLimit, setFinishedLimit] = useState(FINISHED_PAGE);
  const finished = useFinishedRows(profileId, finishedLimit, kind);
  const all = useMemo(() => (queue && finished ? [...queue, ...finished.rows] : undefined), [queue, finished]);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const plan = useMemo(() => planQueue(queue ?? [], now), [queue, now]);
  const paused = useSendingPaused(profileId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  // A requested row is selected at once and focused once it is drawn in the state it was queued
  // in: the queue's live query may draw it first as the draft it was a moment before, in
  // another group, whose item goes (and the focus with it) when the next read moves it.
  const focusPending = useRef<{ rowId: string; state: OutboxState } | null>(null);
  useEffect(() => {
    if (selectRequest === null) return;
    setSelectedId(selectRequest.rowId);
    focusPending.current = selectRequest;
  }, [selectRequest]);
  useEffect(() => {
    const want = focusPending.current;
    const el =
      want === null
        ? null
        : container.current?.querySelector<HTMLElement>(
            `[data-row="${CSS.escape(want.rowId)}"][data-state="${want.state}"]`,
          );
    if (!el) return;
    focusPending.current = null;
    el.focus();
  });
  const paletteKey = useBoundShortcuts().get('app:palette');
  const mac = useAppInfo((s) => s.mac);
  if (!all) return <p className="muted">Loading the outbox…</p>;
  const ofKind = kind ? all.filter((r) => r.kind === kind) : all;
  if (ofKind.length === 0) return <p className="empty-state__title">{emptyText}</p>;
  const rows = omitState ? ofKind.filter((r) => r.state !== omitState) : ofKind;
  if (rows.length === 0) return <p className="muted">{omittedText ?? emptyText}</p>;
  const run = async (action: Promise<string | null>) => setError(await action);
  // One row is always selected (at first the one that needs a person most), so the palette's
  // "Selected item" commands and Tab into the queue have a row to start from.
  const order = STATE_ORDER.flatMap((state) => rows.filter((r) => r.state === state));
  const selected = order.find((r) => r.id === selectedId) ?? order[0];
  const onRowKey = (e: KeyboardEvent<HTMLLIElement>) => {
    // Only the row itself: inside it, arrows belong to its fields and buttons.
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const next = moveTo(
      e.key,
      order,
      order.findIndex((r) => r.id === selected?.id),
    );
    if (!next) return;
    e.preventDefault();
    setSelectedId(next.id);
    container.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(next.id)}"]`)?.focus();
  };

  return (
    <div className="outbox" ref={container}>
      <p id={SELECTION_HINT_ID} className="visually-hidden">
        Up and down arrows move between items; the command palette
        {paletteKey ? ` (${formatShortcut(paletteKey, mac)})` : ''} acts on the selected one.
      </p>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {STATE_ORDER.map((state) => {
        const group = rows.filter((r) => r.state === state);
        if (group.length === 0) return null;
        return (
          <section key={state} className="outbox__group" aria-label={STATE_LABEL[state]}>
            <h2 className="outbox__heading">
              {STATE_LABEL[state]} <span className="muted">({group.length})</span>
            </h2>
            {state === 'awaiting-approval' ? (
              <BatchApprove rows={group.filter((r) => !r.team)} onDone={(e) => setError(e)} />
            ) : null}
            <ul className="outbox__rows">
              {group.map((row) => (
                <OutboxItem
                  key={row.id}
                  row={row}
                  now={now}
                  held={paused && isHeld(row, now)}
                  waiting={plan.waiting.get(row.id)}
                  selected={row.id === selected?.id}
                  onKeyDown={onRowKey}
                  onSelect={() => setSelectedId(row.id)}
                  run={run}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {finished && finished.rows.length >= finishedLimit ? (
        <p className="field__hint">
          Showing the newest {finishedLimit.toLocaleString('en-US')} finished items
          {kind ? '' : ` of ${finished.total.toLocaleString('en-US')}`}; the audit log keeps every one.{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setFinishedLimit((n) => n + FINISHED_PAGE)}
          >
            Show {FINISHED_PAGE} more
          </button>
        </p>
      ) : null}
    </div>
  );
}

function BatchApprove({ rows, onDone }: { rows: OutboxRow[]; onDone(error: string | null): void }) {
  const [busy, setBusy] = useState(false);
  // The rows as they were when the person asked: what the dialog names is what is approved.
  const [asking, setAsking] = useState<OutboxRow[] | null>(null);
  const profileId = rows[0]?.profileId ?? '';
  const service = useProfileService(profileId);
  if (rows.length < 2) return null;
  const sum = (list: readonly OutboxRow[]) => list.reduce((cents, r) => cents + r.amountCents, 0);
  const approve = async (shownRows: OutboxRow[]) => {
    setAsking(null);
    if (service === null) return;
    setBusy(true);
    // The hashes of exactly the rows on screen: a row changed since is refused, not approved.
    const shown = await Promise.all(
      shownRows.map(async (r) => ({ rowId: r.id, shownHash: await approvalHash(r, service) })),
    );
    onDone(await rowActions.approveMany(profileId, shown));
    setBusy(false);
  };
  return (
    <>
      <button type="button" className="button" disabled={busy || service === null} onClick={() => setAsking(rows)}>
        Approve all {rows.length} ({money(sum(rows))})
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={`Approve ${(asking ?? rows).length} items?`}
        confirmLabel={`Approve ${(asking ?? rows).length} items`}
        danger={false}
        onConfirm={() => void approve(asking ?? rows)}
        onCancel={() => setAsking(null)}
      >
        {`${(asking ?? rows).length} items totalling ${money(sum(asking ?? rows))} are approved and sent to ${service === null ? 'no service: this profile is gone' : serviceLabel(service)}, each exactly as shown and once. An item changed since it was shown is refused, not approved.`}
      </ConfirmDialog>
    </>
  );
}

/** The approval hash of what the row shows, for the service it would go to (null until computed, or with no service). */
function useApprovalHash(row: OutboxRow, service: string | null): string | null {
  const [hash, setHash] = useState<{ row: OutboxRow; service: string; hash: string } | null>(null);
  useEffect(() => {
    let live = true;
    if (row.state === 'awaiting-approval' && service !== null)
      void approvalHash(row, service).then((h) => live && setHash({ row, service, hash: h }));
    return () => {
      live = false;
    };
  }, [row, service]);
  // A hash computed for an older version of the row, or another service, approves nothing.
  return hash && hash.row === row && hash.service === service ? hash.hash : null;
}

interface ItemProps {
  row: OutboxRow;
  now: number;
  /** Approved and due, but sending is paused: it says so on the row. */
  held: boolean;
  waiting: string | undefined;
  /** The row the palette's "Selected item" commands act on; arrows move it, Tab enters at it. */
  selected: boolean;
  onKeyDown(e: KeyboardEvent<HTMLLIElement>): void;
  onSelect(): void;
  run(action: Promise<string | null>): Promise<void>;
}

function OutboxItem({ row, now, held, waiting, selected, onKeyDown, onSelect, run }: ItemProps) {
  const service = useProfileService(row.profileId);
  const hash = useApprovalHash(row, service);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const label = title(row);
  const commands = rowCommands(row, {
    run,
    approval:
      hash !== null
        ? { hash }
        : { unavailable: service === null ? 'This profile is gone' : 'Still checking what will be sent' },
    reject: rejecting ? null : () => setRejecting(true),
    change: changing ? null : () => setChanging(true),
    confirmSendAgain: () => setConfirming(true),
  });
  // The selected row offers its buttons in the palette, named after the row as the buttons are.
  useScreenActions(
    selected
      ? commands.map((c): PaletteAction => ({
          id: c.id,
          title: `${c.label}: ${label}`,
          group: 'Selected item',
          ...(c.unavailable ? { unavailable: c.unavailable } : {}),
          run: c.run,
        }))
      : NO_ACTIONS,
  );

  return (
    <li
      className={`outbox__row${selected ? ' outbox__row--selected' : ''}`}
      data-row={row.id}
      data-state={row.state}
      tabIndex={selected ? 0 : -1}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${label}, ${STATE_LABEL[row.state]}`}
      aria-describedby={selected ? SELECTION_HINT_ID : undefined}
      onFocus={onSelect}
      onKeyDown={onKeyDown}
    >
      <div className="outbox__summary">
        <strong>{label}</strong>
        {waiting && row.state === 'approved' && !held ? <span className="field__hint"> — {waiting}</span> : null}
        <WhoLine row={row} now={now} />
        {held ? <p className="field__hint outbox__held">{HELD_LINE}</p> : null}
        {row.lastError && row.state !== 'sent' ? (
          <p
            className={row.state === 'approved' ? 'field__hint' : 'field__error'}
            role={row.state === 'approved' ? undefined : 'alert'}
          >
            {row.lastError}
          </p>
        ) : null}
        {row.warning && row.state !== 'sent' ? <p className="field__hint">⚠ {row.warning}</p> : null}
        {row.team && row.state === 'awaiting-approval' ? (
          <p className="field__hint">
            Waiting in the team workspace for its approvers: the Approvals inbox says what it still needs.
          </p>
        ) : null}
      </div>
      {row.state === 'awaiting-approval' ? (
        <dl className="outbox__review" aria-label={`What will be sent: ${label}`}>
          {reviewLines(row).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {service === null ? (
        <p className="field__error" role="alert">
          This profile is gone: nothing can be sent for it.
        </p>
      ) : null}
      <TechnicalDetails
        fields={[
          ...technicalLines(row),
          ['Service address', service === null ? 'None: this profile is gone' : serviceLabel(service)],
        ]}
      />
      <div className="form__actions">
        {commands.map((c) => (
          <Action
            key={c.id}
            label={c.label}
            row={row}
            primary={c.primary}
            disabled={c.unavailable !== undefined}
            onClick={c.run}
          />
        ))}
      </div>
      {changing ? (
        <AmountChange
          row={row}
          onDone={async (cents) => {
            if (cents !== null) await run(rowActions.changeAmount(row, cents));
            setChanging(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Send this ${row.kind} again?`}
        confirmLabel="Send again"
        onConfirm={() => {
          setConfirming(false);
          void run(rowActions.sendAgain(row));
        }}
        onCancel={() => setConfirming(false)}
      >
        {`${label} may already have gone through. Sending it again makes 1 new request to the service with a new key: if the first one went through, the money moves twice. Cancel to check the account's transactions first, or mark it as sent.`}
      </ConfirmDialog>
      {rejecting ? (
        <form
          className="form__actions"
          onSubmit={(e) => {
            e.preventDefault();
            void run(rowActions.reject(row, reason)).then(() => setRejecting(false));
          }}
        >
          <label className="field__label" htmlFor={`reject-${row.id}`}>
            Reason for rejecting
          </label>
          <input
            id={`reject-${row.id}`}
            className="field__input"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            autoFocus
          />
          <button type="submit" className="button button--danger">
            Reject
          </button>
          <button type="button" className="button button--quiet" onClick={() => setRejecting(false)}>
            Keep
          </button>
        </form>
      ) : null}
      <details className="outbox__details">
        <summary>History ({row.history.length})</summary>
        <ol>
          {row.history.map((h, i) => (
            <li key={i}>
              {new Date(h.at).toISOString().replace('T', ' ').slice(0, 19)} UTC:{' '}
              {h.from ? `${STATE_LABEL[h.from]} → ` : ''}
              {STATE_LABEL[h.to]}
              {h.reason ? ` (${h.reason})` : ''}
              {h.by ? ` by ${h.by}` : ''}
            </li>
          ))}
        </ol>
        {row.attempts.length > 0 ? (
          <p className="field__hint">
            {row.attempts.length} attempt{row.attempts.length === 1 ? '' : 's'} to send it
          </p>
        ) : null}
      </details>
    </li>
  );
}

function WhoLine({ row, now }: { row: OutboxRow; now: number }) {
  const line = queueWhoLine(row, now);
  return line ? <p className="field__hint outbox__who">{line}</p> : null;
}

function Action({
  label,
  row,
  onClick,
  primary,
  disabled,
}: {
  label: string;
  row: OutboxRow;
  onClick(): Promise<void>;
  primary?: boolean;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`button${primary ? ' button--primary' : ''}`}
      aria-label={`${label}: ${title(row)}`}
      disabled={busy || disabled}
      onClick={async () => {
        setBusy(true);
        await onClick();
        setBusy(false);
      }}
    >
      {label}
    </button>
  );
}

/** A new amount: the row becomes a new operation (new key) and goes through approval again. */
function AmountChange({ row, onDone }: { row: OutboxRow; onDone(cents: number | null): Promise<void> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `amount-${row.id}`;
  return (
    <form
      className="form__actions"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseDollars(text);
        if (!parsed.ok) return setError(parsed.error);
        void onDone(parsed.cents);
      }}
    >
      <label className="field__label" htmlFor={id}>
        New amount (USD)
      </label>
      <input
        id={id}
        className="field__input"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoFocus
      />
      <button type="submit" className="button">
        Change and send for approval
      </button>
      <button type="button" className="button button--quiet" onClick={() => void onDone(null)}>
        Keep
      </button>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
