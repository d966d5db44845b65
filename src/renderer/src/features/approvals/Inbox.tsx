import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Action as PaletteAction } from '../../model/actions';
import { money } from '../../model/format';
import { useMemberNames } from '../../team/commands/directory-store';
import { useTeamSendingPaused } from '../../team/commands/team-sending-status';
import { useOutflows } from '../../app/useOutflows';
import { balanceAfter, type BalanceAfter, type Outflow } from '../../outbox/model/balance-after';
import type { Draws } from '../../outbox/model/payment-source';
import { useOutboxRows } from '../../outbox/repo/outbox-hooks';
import { useScreenActions } from '../../stores/action-registry';
import { approveItems, rejectItems, reviewTeamRow, type InboxTarget } from '../../team/commands/inbox-actions';
import { useTeamItems, useTeamQueue, type TeamQueueView } from '../../team/commands/useTeamQueue';
import {
  actionable,
  closedLines,
  inboxItems,
  inboxOutflow,
  type AccountFacts,
  type ClosedLine,
  type InboxItem,
} from '../../team/model/inbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useStableItems } from '../../ui/useStableItems';
import { FormError } from '../../ui/FormError';
import { HINT_ID, InboxRow } from './InboxRow';
import { RejectDialog } from './RejectDialog';
import { ReviewDialog } from './ReviewDialog';
import { teamStatusWords } from './team-status';
import './approvals.css';

const NO_ACTIONS: PaletteAction[] = [];

/** Up, Down, Home, End move the cursor in the order shown. */
function moveTo(key: string, items: readonly InboxItem[], from: number): InboxItem | undefined {
  if (key === 'ArrowDown') return items[Math.min(items.length - 1, from + 1)];
  if (key === 'ArrowUp') return items[Math.max(0, from - 1)];
  if (key === 'Home') return items[0];
  if (key === 'End') return items[items.length - 1];
  return undefined;
}

const total = (items: readonly InboxItem[]) => items.reduce((sum, i) => sum + (i.amountCents ?? 0), 0);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * What waits for a person to approve: this desktop's own rows awaiting approval and, when a team
 * workspace covers the profile's service, the workspace's open rows and this desktop's drafts on
 * their way to it. A (approve) and R (reject) act on the checked rows, or on the one under the
 * cursor; this desktop's rows are confirmed here, the workspace's in main's own prompt.
 */
export function Inbox({ profileId, service }: { profileId: string; service: string }) {
  const soloRows = useOutboxRows(profileId);
  const { view, reload } = useTeamQueue(profileId, service);
  const workspaceId = view.kind === 'team' ? view.workspace.id : null;
  const kept = useTeamItems(profileId, workspaceId);
  // The workspace's rows read above count in every item's balance after, as on every other screen.
  const { outflows, virtualAccounts: vas, sourceOf } = useOutflows(profileId, view.kind === 'team' ? view.rows : null);
  const accounts = useMemo(
    () =>
      new Map<string, AccountFacts>(
        vas.map((v) => [v.virtualAccount.id, { name: v.virtualAccount.name, balanceCents: v.balance.amountCents }]),
      ),
    [vas],
  );
  // Rows that read the same keep their objects, so a change to a few rows draws only those.
  const fresh = useMemo(
    () =>
      inboxItems({
        soloRows: soloRows ?? [],
        teamRows: view.kind === 'team' ? (view.rows ?? []) : [],
        kept: kept ?? [],
        me: view.kind === 'team' ? view.workspace.me.member : null,
        accounts,
      }),
    [soloRows, view, kept, accounts],
  );
  const items = useStableItems(fresh);
  const names = useMemberNames(workspaceId);
  const me = view.kind === 'team' ? (view.workspace.me.member?.id ?? null) : null;
  // Main's team sender paused: the workspace's approved rows wait on this desktop, and say so.
  const teamHeld = useTeamSendingPaused(profileId);
  const after = useMemo(
    () => balancesAfter(items, outflows, accounts, sourceOf),
    [items, outflows, accounts, sourceOf],
  );
  const [cursor, setCursor] = useState<string | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<InboxItem[] | null>(null);
  const [rejecting, setRejecting] = useState<InboxItem[] | null>(null);
  const [reviewing, setReviewing] = useState<InboxItem | null>(null);
  // A row's own Review… button names the row by key; the items are read when it is pressed, so
  // the callback stays the same and the rows drawn with `memo` are not drawn again for it.
  const itemsNow = useRef<readonly InboxItem[]>([]);
  itemsNow.current = items;
  const reviewRow = useCallback((key: string) => {
    const item = itemsNow.current.find((i) => i.key === key);
    if (item) setReviewing(item);
  }, []);
  // The rows a decision is being recorded for, by key: only those wait. An approval stays in
  // flight until its send is answered (it leaves the list as soon as it is recorded), and a key
  // pressed on another row meanwhile must still act on that row.
  const [deciding, setDeciding] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const list = useRef<HTMLUListElement>(null);
  const section = useRef<HTMLElement>(null);
  // The outbox below offers its own selected row's commands under the same words: while a person
  // works there, the inbox's A and R step aside so one "Approve" means one row.
  const [active, setActive] = useState(true);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    const onFocus = (e: FocusEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target || target.closest('dialog')) return;
      if (section.current?.contains(target)) setActive(true);
      else if (target.closest('[data-row]')) setActive(false);
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      clearInterval(timer);
      document.removeEventListener('focusin', onFocus);
    };
  }, []);

  const current = items.find((i) => i.key === cursor) ?? items[0];
  // The checked rows still shown, else the one under the cursor.
  const chosen = checked.size > 0 ? items.filter((i) => checked.has(i.key)) : current ? [current] : [];
  const toApprove = actionable(chosen, 'approve');
  const toReject = actionable(chosen, 'reject');
  const target: InboxTarget = { profileId, service, workspaceId };

  const run = async (picked: readonly InboxItem[], work: (picked: readonly InboxItem[]) => Promise<string | null>) => {
    const keys = picked.map((i) => i.key);
    const without = (s: ReadonlySet<string>) => new Set([...s].filter((k) => !keys.includes(k)));
    setDeciding((s) => new Set([...s, ...keys]));
    const failed = await work(picked);
    setDeciding(without);
    setError(failed);
    // Only the rows this decision took leave the selection: others may have been checked meanwhile.
    if (failed === null) setChecked(without);
    reload();
  };
  const inFlight = (picked: readonly InboxItem[] | null) => (picked ?? []).some((i) => deciding.has(i.key));
  const approve = (picked: InboxItem[]) => {
    if (picked.length === 0) return;
    // This desktop's rows are confirmed here; the workspace's in main's prompt, once for the batch.
    if (picked.some((i) => i.origin === 'solo')) setConfirming(picked);
    else void run(picked, (p) => approveItems(target, p));
  };
  const whyNot = (action: 'approve' | 'reject', picked: InboxItem[]) =>
    chosen.length === 0
      ? 'Nothing is selected'
      : picked.length === 0
        ? (chosen[0]?.[action] ?? undefined)
        : inFlight(picked)
          ? 'Busy with the last decision on it'
          : undefined;
  const subject = chosen.length === 1 ? (chosen[0]?.title ?? '') : plural(chosen.length, 'selected item');
  const approveWhy = whyNot('approve', toApprove);
  const rejectWhy = whyNot('reject', toReject);
  useScreenActions(
    active
      ? ([
          {
            id: 'approvals:approve',
            title: `Approve: ${subject}`,
            group: 'Selected item',
            keywords: ['accept', 'sign'],
            shortcut: { key: 'a' },
            ...(approveWhy ? { unavailable: approveWhy } : {}),
            run: () => approve(toApprove),
          },
          {
            id: 'approvals:reject',
            title: `Reject: ${subject}`,
            group: 'Selected item',
            keywords: ['decline', 'refuse'],
            shortcut: { key: 'r' },
            ...(rejectWhy ? { unavailable: rejectWhy } : {}),
            run: () => setRejecting(toReject),
          },
          ...(current && current.review === null
            ? [
                {
                  id: 'approvals:review',
                  title: `Review: ${current.title}`,
                  group: 'Selected item',
                  keywords: ['went through', 'needs review'],
                  run: () => setReviewing(current),
                },
              ]
            : []),
          {
            id: 'approvals:select-all',
            title: 'Select every item I can approve',
            group: 'This screen',
            run: () => setChecked(new Set(actionable(items, 'approve').map((i) => i.key))),
          },
          {
            id: 'approvals:reload',
            title: 'Read the team workspace again',
            group: 'This screen',
            ...(workspaceId ? {} : { unavailable: 'No team workspace approves this profile' }),
            run: reload,
          },
        ] satisfies PaletteAction[])
      : NO_ACTIONS,
  );

  const loading =
    soloRows === undefined ||
    view.kind === 'loading' ||
    (view.kind === 'team' && view.rows === null && view.error === null);
  const onKey = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === ' ' && current) {
      e.preventDefault();
      toggle(current.key);
      return;
    }
    const next = moveTo(
      e.key,
      items,
      items.findIndex((i) => i.key === current?.key),
    );
    if (!next) return;
    e.preventDefault();
    setCursor(next.key);
    list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(next.key)}"]`)?.focus();
  };
  const toggle = useCallback(
    (key: string) =>
      setChecked((s) => {
        const next = new Set(s);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  // The rows take handlers that never change, so `memo` can skip the rows a change left alone.
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  const onRowKey = useCallback((e: KeyboardEvent<HTMLLIElement>) => onKeyRef.current(e), []);

  return (
    <section className="inbox" aria-labelledby="inbox-title" ref={section}>
      <h2 id="inbox-title" className="outbox__heading">
        Waiting for approval {loading ? null : <span className="muted">({items.length})</span>}
      </h2>
      <TeamStatus view={view} />
      <FormError message={error} />
      {loading ? (
        <p className="muted" role="status">
          Loading what waits for approval…
        </p>
      ) : items.length === 0 ? (
        <p className="empty-state__title">
          Nothing waits for approval. Transfers and payments drafted {workspaceId ? 'here or by your team ' : ''}appear
          here.
        </p>
      ) : (
        <>
          <p id={HINT_ID} className="field__hint">
            Up and down arrows move, Space checks an item; A approves and R rejects the checked items, or the one you
            are on.
          </p>
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={approveWhy !== undefined}
              title={approveWhy}
              onClick={() => approve(toApprove)}
            >
              {toApprove.length > 1 ? `Approve ${toApprove.length} (${money(total(toApprove))})` : 'Approve'}
            </button>
            <button
              type="button"
              className="button"
              disabled={rejectWhy !== undefined}
              title={rejectWhy}
              onClick={() => setRejecting(toReject)}
            >
              {toReject.length > 1 ? `Reject ${toReject.length}` : 'Reject'}
            </button>
            {checked.size > 0 ? (
              <button type="button" className="button button--quiet" onClick={() => setChecked(new Set())}>
                Clear the selection ({checked.size})
              </button>
            ) : null}
          </div>
          <ul className="outbox__rows" ref={list} aria-label="Waiting for approval">
            {items.map((item) => (
              <InboxRow
                key={item.key}
                item={item}
                after={after.get(item.key)}
                now={now}
                names={names}
                me={me}
                held={teamHeld && item.state === 'ready'}
                current={item.key === current?.key}
                checked={checked.has(item.key)}
                onToggle={toggle}
                onFocus={setCursor}
                onKeyDown={onRowKey}
                onReview={reviewRow}
              />
            ))}
          </ul>
        </>
      )}
      {view.kind === 'team' && view.closed.length > 0 ? (
        <ClosedInWorkspace name={view.workspace.name} lines={closedLines(view.closed, accounts)} />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Approve and send?"
        confirmLabel={`Approve ${confirming?.length ?? 0}`}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const picked = confirming ?? [];
          setConfirming(null);
          void run(picked, (p) => approveItems(target, p));
        }}
      >
        {confirmText(confirming ?? [])}
      </ConfirmDialog>
      <ReviewDialog
        item={reviewing}
        busy={inFlight(reviewing ? [reviewing] : null)}
        onCancel={() => setReviewing(null)}
        onReview={async (found, what) => {
          const picked = reviewing;
          if (!picked || !workspaceId) return;
          await run([picked], () => reviewTeamRow(workspaceId, picked, found, what));
          setReviewing(null);
        }}
      />
      <RejectDialog
        items={rejecting}
        busy={inFlight(rejecting)}
        onCancel={() => setRejecting(null)}
        onReject={async (reason) => {
          await run(rejecting ?? [], (p) => rejectItems(target, p, reason));
          setRejecting(null);
        }}
      />
    </section>
  );
}

function confirmText(items: readonly InboxItem[]): string {
  const team = items.filter((i) => i.origin === 'team').length;
  const solo = items.length - team;
  const what = items.length === 1 ? (items[0]?.title ?? '') : `${items.length} items totalling ${money(total(items))}`;
  const then = solo > 0 ? ' Each is sent exactly as shown.' : '';
  const more =
    team > 0
      ? ` ${plural(team, 'team workspace item')} will be signed with this desktop’s key after its own prompt.`
      : '';
  return `Approve ${what}?${then}${more}`;
}

/** What left the inbox while the person looked, and how it ended there: sent by some desktop, failed, withdrawn. */
function ClosedInWorkspace({ name, lines }: { name: string; lines: readonly ClosedLine[] }) {
  return (
    <section className="inbox__closed" aria-label="Closed in the team workspace">
      <h3 className="outbox__heading">Closed in {name} since this screen opened</h3>
      <ul>
        {lines.map((line) => (
          <li key={line.key}>
            {line.title}: {line.ended}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeamStatus({ view }: { view: TeamQueueView }) {
  const words = teamStatusWords(view);
  if (!words) return null;
  return (
    <p className={words.problem ? 'form__error' : 'field__hint'} role={words.problem ? 'alert' : undefined}>
      {words.text}
    </p>
  );
}

/**
 * Each item's balance after (outbox/model/balance-after.ts), over the same outflows every screen
 * counts (app/useOutflows.ts: this desktop's queue, what it sent since the balances were read, the
 * workspace's open rows). An item those do not count (in review, say) is placed as the inbox sees
 * it, for its own figure, and counts for no other.
 */
function balancesAfter(
  items: readonly InboxItem[],
  outflows: readonly Outflow[] | undefined,
  accounts: ReadonlyMap<string, AccountFacts>,
  sourceOf: (draws: Draws) => string | undefined,
): Map<string, BalanceAfter> {
  const out = new Map<string, BalanceAfter>();
  if (outflows === undefined) return out;
  const counted = new Map(outflows.map((o) => [o.id, o]));
  for (const item of items) {
    const o = counted.get(item.rowId) ?? inboxOutflow(item, sourceOf);
    const from = o?.from === undefined ? undefined : accounts.get(o.from);
    if (o && o.from !== undefined && from) out.set(item.key, balanceAfter(o.from, from.balanceCents, outflows, o));
  }
  return out;
}
