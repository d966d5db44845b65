import type { OutboxRow } from '../../../../shared/outbox';
import type { MemberView, TeamRowView } from '../../../../shared/ipc/workspace';
import { DECIDING_ROLES, TEAM_KINDS, type SignedDraft, type TeamKind } from '../../../../shared/team/model';
import { policyFacts } from '../../../../shared/team/policy';
import { readSignedText } from '../../../../shared/team/signed-text';
import { money } from '../../model/format';
import type { Outflow } from '../../outbox/model/balance-after';
import type { Draws } from '../../outbox/model/payment-source';
import { signedAt } from './team-outflows';

/** An account as the inbox names it and reads its cached balance. */
export interface AccountFacts {
  name: string;
  balanceCents: number;
}

/** A draft or decision this desktop signed for the workspace and kept (the outbox's team table). */
export interface KeptItem {
  rowId: string;
  type: 'draft' | 'decision';
  pushed: 0 | 1;
  problem?: string;
  draft?: SignedDraft;
  choice?: 'approve' | 'reject';
  at: number;
}

export type InboxState = 'awaiting' | 'waiting' | 'ready' | 'never' | 'blocked' | 'review' | 'not-pushed' | 'refused';

interface ItemBase {
  /** Unique across origins: `solo:<row id>`, `team:<row id>`. */
  key: string;
  rowId: string;
  kind: TeamKind;
  /** From the signed payload (team) or the row (solo); null when nothing signed says it. */
  amountCents: number | null;
  title: string;
  askedBy: string;
  /** When it was asked for (ms): the draft's signed time, or the row's creation here. */
  askedAt: number;
  /** Where the money leaves, in words. */
  source: string;
  /** What the signed request says it draws from: a transfer's source account, a payment's source handle (none: the key's own). Null when unreadable. */
  draws: Draws | null;
  state: InboxState;
  /** What it still needs, or why it never goes, in words (the row's accessible name, a refusal's reason). */
  needs: string;
  /**
   * What the row says beyond its who-line, which already names the approvals still needed: a
   * review wait, why it never goes, an approval signed here on its way, the database's note.
   * Null when the who-line says it all, so what is needed shows once.
   */
  remark: string | null;
  /** Approvals or rejections that do not count, each with who and why. */
  ignored: string[];
  /** Null when this desktop may approve it now; else why not. */
  approve: string | null;
  /** Null when this desktop may reject it now; else why not. */
  reject: string | null;
  /** Null when this desktop may say whether a send that may have gone through did (a row in review); else why not. */
  review: string | null;
}

export type InboxItem =
  | (ItemBase & { origin: 'solo'; row: OutboxRow })
  | (ItemBase & { origin: 'team'; team: TeamRowView })
  /** Drafted here, signed, not in the workspace yet (or refused by it). */
  | (ItemBase & { origin: 'local'; draft: SignedDraft });

export interface InboxInput {
  /** This profile's queue; only rows awaiting a person on this desktop (not handed to a workspace) are the inbox's. */
  soloRows: readonly OutboxRow[];
  /** The workspace's rows for this profile's service, or none without a workspace. */
  teamRows: readonly TeamRowView[];
  /** What this desktop signed for the workspace (drafts and decisions), pushed or not. */
  kept: readonly KeptItem[];
  /** This desktop's member record in the workspace; null before an admin registers it. */
  me: MemberView | null;
  accounts: ReadonlyMap<string, AccountFacts>;
}

const NOT_SAVED = 'an account this app has not synced yet';
const NOT_IN_REVIEW = 'Only a team row whose send may have gone through is reviewed.';

function where(
  kind: TeamKind,
  payload: unknown,
  accounts: ReadonlyMap<string, AccountFacts>,
): Pick<ItemBase, 'amountCents' | 'title' | 'source' | 'draws'> {
  const facts = policyFacts(kind, payload);
  if (!facts)
    return {
      amountCents: null,
      title: `${kind === 'transfer' ? 'Transfer' : 'Payment'} (its signed amount cannot be read)`,
      source: 'Not known',
      draws: null,
    };
  const amount = money(facts.amountCents);
  const draws = { kind, account: facts.account };
  if (kind === 'payment')
    return {
      amountCents: facts.amountCents,
      title: `Payment ${amount} to ${facts.payee}`,
      source: 'The profile’s payment handle',
      draws,
    };
  const from = facts.account === undefined ? undefined : accounts.get(facts.account);
  return {
    amountCents: facts.amountCents,
    title: `Transfer ${amount} to ${accounts.get(facts.payee)?.name ?? NOT_SAVED}`,
    source: from?.name ?? NOT_SAVED,
    draws,
  };
}

/**
 * The item as an outflow of the account it draws from (outbox/model/balance-after.ts), placed in
 * the queue: a workspace row its approvals made ready goes with the approved rows, anything else
 * still waits for a person. Null when its signed amount cannot be read.
 */
export function inboxOutflow(item: InboxItem, sourceOf: (draws: Draws) => string | undefined): Outflow | null {
  if (item.amountCents === null || item.draws === null) return null;
  return {
    id: item.rowId,
    from: sourceOf(item.draws),
    amountCents: item.amountCents,
    stage: item.state === 'ready' ? 'approved' : 'waiting',
    createdAt: item.askedAt,
  };
}

function soloItem(row: OutboxRow, accounts: ReadonlyMap<string, AccountFacts>): InboxItem | null {
  if (row.kind === 'note' || row.state !== 'awaiting-approval' || row.team) return null;
  const base = where(row.kind, row.payload, accounts);
  // The names the row was drafted with, for accounts the cache no longer holds.
  const known = (id: string) => accounts.has(id);
  const source =
    row.kind === 'transfer' && !known(row.payload.source) ? (row.labels.source ?? base.source) : base.source;
  const title =
    row.kind === 'transfer' && !known(row.payload.destination) && row.labels.destination
      ? `Transfer ${money(row.amountCents)} to ${row.labels.destination}`
      : base.title;
  return {
    ...base,
    title,
    source,
    key: `solo:${row.id}`,
    origin: 'solo',
    row,
    rowId: row.id,
    kind: row.kind,
    askedBy: 'You, on this computer',
    askedAt: row.createdAt,
    state: 'awaiting',
    needs: 'Your approval (this computer’s rule)',
    // The who-line says it: "needs one approval, given on this computer alone".
    remark: null,
    ignored: [],
    approve: null,
    reject: null,
    review: NOT_IN_REVIEW,
  };
}

/** Two sentences as one text: one full stop between them, never two. */
const sentences = (first: string, second: string) => `${first}${first.endsWith('.') ? '' : '.'} ${second}`;

// What a row's signed parts say, kept per row object: the open queue keeps the objects of rows a
// change did not touch (open-rows.ts), so a thousand-row inbox parses only the rows that changed.
const facts = new WeakMap<
  TeamRowView,
  { askedAt: number; payload: unknown; where: ReturnType<typeof where>; accounts: ReadonlyMap<string, AccountFacts> }
>();

function teamWhere(
  row: TeamRowView,
  kind: TeamKind,
  accounts: ReadonlyMap<string, AccountFacts>,
): { askedAt: number; where: ReturnType<typeof where> } {
  const known = facts.get(row);
  if (known && known.payload === row.payload && known.accounts === accounts) return known;
  const fresh = {
    askedAt: known?.askedAt ?? signedAt(row.draft, row.createdAt),
    payload: row.payload,
    where: where(kind, row.payload, accounts),
    accounts,
  };
  facts.set(row, fresh);
  return fresh;
}

/** This desktop's decisions not yet in the workspace, by row: what a row shows as signed here. */
function pendingDecisions(kept: readonly KeptItem[]): Map<string, KeptItem> {
  const byRow = new Map<string, KeptItem>();
  for (const k of kept)
    if (k.type === 'decision' && k.pushed === 0 && k.problem === undefined && !byRow.has(k.rowId))
      byRow.set(k.rowId, k);
  return byRow;
}

// Each row's item, kept per row object with what else it was made from: an inbox of a thousand
// rows, drawn again on every change, makes items only for the rows that changed.
const items = new WeakMap<
  TeamRowView,
  {
    me: MemberView | null;
    accounts: ReadonlyMap<string, AccountFacts>;
    pending: KeptItem | undefined;
    item: InboxItem | null;
  }
>();

function teamItem(row: TeamRowView, input: InboxInput, pendingByRow: ReadonlyMap<string, KeptItem>): InboxItem | null {
  const pending = pendingByRow.get(row.id);
  const known = items.get(row);
  if (known && known.me === input.me && known.accounts === input.accounts && known.pending === pending)
    return known.item;
  const item = makeTeamItem(row, input, pending);
  items.set(row, { me: input.me, accounts: input.accounts, pending, item });
  return item;
}

function makeTeamItem(row: TeamRowView, input: InboxInput, pending: KeptItem | undefined): InboxItem | null {
  if (!(TEAM_KINDS as readonly string[]).includes(row.kind)) return null;
  const kind = row.kind as TeamKind;
  const { me } = input;
  const v = row.verdict;
  const mine = row.drafter !== null && me !== null && row.drafter.id === me.id;
  const ignored = v.ignored.map((i) => (i.by ? `${i.by}: ${i.problem}` : i.problem));
  const signed = teamWhere(row, kind, input.accounts);
  const base = {
    ...signed.where,
    key: `team:${row.id}`,
    origin: 'team' as const,
    team: row,
    rowId: row.id,
    kind,
    askedBy: mine ? 'You' : (row.drafter?.name ?? 'Someone who is not a member'),
    askedAt: signed.askedAt,
  };

  let state: InboxState;
  let needs: string;
  // The who-line names the approvals a waiting row still needs; anything else is said beside it.
  let remark: string | null;
  if (row.state === 'needs-review') {
    state = 'review';
    // The last outcome often ends with the service's own sentence: one full stop, not two.
    needs = `Needs review: ${row.history.last?.replace(/\.$/, '') ?? 'a send may have gone through'}. An approver who did not draft it looks in the paying account’s transactions and says whether it went through.`;
  } else if (row.state !== 'open') {
    // The database lists it as open; what was signed says it is closed (the note says so, below).
    state = 'never';
    needs = `It is ${row.state} by its signed history${row.history.last ? ` (${row.history.last})` : ''}: it is never sent again.`;
  } else if (v.status === 'waiting') {
    state = 'waiting';
    needs = v.needed;
  } else if (v.status === 'ready') {
    state = 'ready';
    needs = 'Approved: it goes out when a desktop holding the profile’s API key sends it.';
  } else {
    state = v.status;
    needs = v.text;
  }
  remark = state === 'waiting' ? null : needs;
  const also = (extra: string) => {
    needs = sentences(needs, extra);
    remark = remark === null ? extra : sentences(remark, extra);
  };
  if (pending)
    also(
      `Your ${pending.choice === 'reject' ? 'rejection' : 'approval'} is signed here and reaches the workspace when it answers.`,
    );
  // What the database says and the signatures do not: shown, never believed.
  if (row.note) also(row.note);
  const history = row.history.ignored.map((problem) => `Its history: ${problem}`);

  const why = ((): string | null => {
    if (me === null || me.status !== 'active') return 'This desktop is not an active member of the workspace yet.';
    if (!DECIDING_ROLES.has(me.role)) return `You are a ${me.role} in this workspace: approvers and admins decide.`;
    if (pending) return 'You decided it already; your decision reaches the workspace when it answers.';
    if (state !== 'waiting') return needs;
    if (v.status === 'waiting' && v.approvedBy.includes(me.id)) return 'You approved it already.';
    return null;
  })();
  const review = ((): string | null => {
    if (state !== 'review') return NOT_IN_REVIEW;
    if (me === null || me.status !== 'active' || !DECIDING_ROLES.has(me.role))
      return 'An approver or an admin of the workspace reviews it.';
    if (mine) return 'You drafted it: another approver reviews it.';
    return null;
  })();
  return {
    ...base,
    ignored: [...ignored, ...history],
    state,
    needs,
    remark,
    approve: why ?? (mine ? 'You drafted it: a drafter never approves their own row.' : null),
    reject: why,
    review,
  };
}

function localItem(kept: KeptItem, accounts: ReadonlyMap<string, AccountFacts>): InboxItem | null {
  if (kept.type !== 'draft' || !kept.draft) return null;
  const read = readSignedText('draft', kept.draft.text);
  if (!read.ok) return null;
  let payload: unknown = null;
  try {
    payload = JSON.parse(kept.draft.payload);
  } catch {
    // Signed by main a moment ago; `where` says the amount cannot be read.
  }
  const refused = kept.problem !== undefined;
  const needs = refused
    ? `The workspace refused it: ${kept.problem}`
    : 'Signed here; it reaches the workspace when it answers, and then waits for an approver.';
  const why = refused ? needs : 'It has not reached the workspace yet.';
  // The who-line says "signed here, not in the workspace yet"; what follows is said beside it.
  const remark = refused ? needs : 'It reaches the workspace when it answers, and then waits for an approver.';
  return {
    ...where(read.body.kind, payload, accounts),
    key: `team:${kept.rowId}`,
    origin: 'local',
    draft: kept.draft,
    rowId: kept.rowId,
    kind: read.body.kind,
    askedBy: 'You',
    askedAt: Date.parse(read.body.at),
    state: refused ? 'refused' : 'not-pushed',
    needs,
    remark,
    ignored: [],
    approve: why,
    reject: why,
    review: NOT_IN_REVIEW,
  };
}

/**
 * The approvals inbox of one profile: its rows awaiting a person on this desktop, the
 * workspace's open rows for its service, and its own drafts that have not reached the
 * workspace. Who asked comes from the drafter's verified signature (main's verdict and the
 * signed directory), never from the database's columns; amounts from the signed payload.
 * Oldest first: what has waited longest.
 */
export function inboxItems(input: InboxInput): InboxItem[] {
  const pendingByRow = pendingDecisions(input.kept);
  const team = input.teamRows.map((r) => teamItem(r, input, pendingByRow));
  const inWorkspace = new Set(input.teamRows.map((r) => r.id));
  // A draft the workspace has (pushed) and no longer lists is closed there: sent, canceled.
  const local = input.kept
    .filter((k) => k.pushed === 0 && !inWorkspace.has(k.rowId))
    .map((k) => localItem(k, input.accounts));
  const solo = input.soloRows.map((r) => soloItem(r, input.accounts));
  // Keys are ASCII ids, and only a tie within one millisecond reaches them: compared by code unit (localeCompare costs a collator call each).
  return [...solo, ...team, ...local]
    .filter((i): i is InboxItem => i !== null)
    .sort((a, b) => a.askedAt - b.askedAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Whether the person can act on anything selected: the items each action applies to. */
export function actionable(items: readonly InboxItem[], action: 'approve' | 'reject'): InboxItem[] {
  return items.filter((i) => i[action] === null);
}

/** A row that left the inbox because the workspace closed it, as the inbox says how it ended. */
export interface ClosedLine {
  key: string;
  title: string;
  /** How it ended, in words: "Sent", "Failed: …", "Canceled by its drafter". */
  ended: string;
}

const ENDED: Record<string, (outcome: string | null) => string> = {
  sent: () => 'Sent',
  failed: (outcome) => `Failed${outcome ? `: ${outcome}` : ''}`,
  canceled: () => 'Canceled by its drafter',
};

export function closedLines(rows: readonly TeamRowView[], accounts: ReadonlyMap<string, AccountFacts>): ClosedLine[] {
  return rows.flatMap((row) => {
    const ended = ENDED[row.state];
    if (!ended || !(TEAM_KINDS as readonly string[]).includes(row.kind)) return [];
    return [
      {
        key: `closed:${row.id}`,
        title: where(row.kind as TeamKind, row.payload, accounts).title,
        ended: ended(row.outcome),
      },
    ];
  });
}
