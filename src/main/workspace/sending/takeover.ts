import type { TeamRowView } from '../../../shared/ipc/workspace';
import {
  matchMovements,
  sendSpan,
  type DatedMovement,
  type Movement,
  type Span,
} from '../../../shared/outbox/movements';
import { formatUsd } from '../../../shared/money';
import type { UnresolvedClaim } from '../../../shared/team/history';
import { teamRequest } from '../../../shared/team/policy';
import { readSignedText } from '../../../shared/team/signed-text';
import type { Transaction } from '../../../shared/service';

/** What main records for a row an earlier claim may have sent. */
export interface TakeoverResult {
  state: 'sent' | 'needs-review';
  detail: string;
}

/** When the drafter signed it (their desktop's clock). */
function signedAt(row: TeamRowView): number | null {
  const read = readSignedText('draft', row.draft.text);
  if (!read.ok) return null;
  const at = Date.parse(read.body.at);
  return Number.isFinite(at) ? at : null;
}

/** How far a member's clock may be off: signed times are read that much earlier. */
const CLOCK_SLACK_MS = 60 * 60_000;
/** An approver who found it had not gone through looked at the transactions until about then. */
const REVIEW_SLACK_MS = 5 * 60_000;

/**
 * The earliest moment a send of the row may have happened, by what was signed: not before it was
 * approved, whatever its drafter's clock said (a drafter whose clock runs ahead must not narrow
 * the look), less the slack of the approvers' clocks; after an approver found that it had not
 * gone through, not before their review. Null when its draft cannot be read.
 */
export function earliestSend(row: TeamRowView): number | null {
  const drafted = signedAt(row);
  if (drafted === null) return null;
  const approved = row.verdict.status === 'ready' ? Date.parse(row.verdict.firstApprovedAt) : Number.NaN;
  const from = Math.min(drafted, Number.isFinite(approved) ? approved : drafted) - CLOCK_SLACK_MS;
  const reopened = row.history.reopenedAt === null ? Number.NaN : Date.parse(row.history.reopenedAt);
  return Number.isFinite(reopened) ? Math.max(from, reopened - REVIEW_SLACK_MS) : from;
}

/** The row as a movement of money, for the shared matching; null when nothing signed says what it moves. */
function movementOf(row: TeamRowView, now: number): DatedMovement | null {
  const at = earliestSend(row);
  if ((row.kind !== 'payment' && row.kind !== 'transfer') || row.payload === null || at === null) return null;
  const request = teamRequest(row.kind, row.payload);
  if (!request) return null;
  const movement = { id: row.id, kind: row.kind, amountCents: request.amountCents, payload: request } as Movement;
  // The workspace does not say when a claim sent it: any time from its approval until now.
  return { row: movement, span: sendSpan(at, now) };
}

/**
 * Rows that may have moved money like this one, by their signed histories: sent, waiting for a
 * person to say whether they did, claimed without a signed outcome, or open again after an
 * outcome (a transfer whose answer was lost is given back open: it may have moved).
 */
const mayHaveMoved = (r: TeamRowView) =>
  r.state === 'sent' ||
  r.state === 'needs-review' ||
  r.history.unresolved.length > 0 ||
  (r.state === 'open' && r.history.last !== null);

/**
 * The window of the service's transactions to read for a row an earlier send may have moved
 * (from its earliest send until a little past now: the service's clock may run ahead of this
 * desktop's), or null when its signed draft cannot be read.
 */
export function takeoverWindow(row: TeamRowView, now: number): Span | null {
  const at = earliestSend(row);
  return at === null ? null : sendSpan(at, now);
}

function described(row: TeamRowView): string {
  const p = row.payload as { amountCents?: number; svcHandle?: string; source?: string; destination?: string } | null;
  if (!p || typeof p.amountCents !== 'number') return `this ${row.kind}`;
  return row.kind === 'payment'
    ? `a payment of ${formatUsd(p.amountCents)} to @${String(p.svcHandle ?? '').replace(/^@/, '')}`
    : `a transfer of ${formatUsd(p.amountCents)} from ${p.source ?? '?'} to ${p.destination ?? '?'}`;
}

/**
 * A row whose earlier claim ended without a signed outcome (its desktop stopped mid-send, or the
 * workspace handed the claim to two desktops), or a transfer past the service's key window,
 * settled against the service's transactions before a person is asked: found, it is sent, with the
 * transaction that shows it; not found for certain, or the transactions could not be read
 * (`found` null), it goes to a person with what to look for. Never a resend. `service` holds the
 * service's rows in the workspace, closed ones too: those that may have used up a transaction like
 * this one's are counted first.
 */
export function settleTakenOver(
  row: TeamRowView,
  earlier: readonly UnresolvedClaim[],
  service: readonly TeamRowView[],
  found: readonly Transaction[] | null,
  now: number,
): TakeoverResult {
  const own = movementOf(row, now);
  const who = earlier.map((c) => c.byName).filter((n, i, all) => all.indexOf(n) === i);
  const stopped = `An earlier send of this ${row.kind} (by ${who.join(' and ') || 'another desktop'}) has no signed outcome, so it may have gone through${row.kind === 'transfer' ? ', and the service may no longer hold its key' : ''}.`;
  const check = `Look in the paying account’s transactions for ${described(row)}: if it is there, it went through and must not be sent again; if it is not, an approver reviews it as not sent, and it goes out with its key.`;
  if (!own || found === null)
    return {
      state: 'needs-review',
      detail: `${stopped} The service’s transactions could not be read to tell. ${check}`,
    };
  const moved = service.filter((r) => r.id !== row.id && mayHaveMoved(r)).flatMap((r) => movementOf(r, now) ?? []);
  const { resolved } = matchMovements([own], moved, found);
  const match = resolved[0];
  if (match) return { state: 'sent', detail: `sent (found in the service’s transactions: ${match.transactionId})` };
  return {
    state: 'needs-review',
    detail: `${stopped} The service’s transactions since it was approved do not show it for certain. ${check}`,
  };
}

/** What main records for a row it did not send after looking first: left to a person, or given back to try again. */
export interface HeldBack {
  state: 'needs-review' | 'open';
  detail: string;
}

/**
 * Before the first send of a payment (or of a transfer approved longer ago than the service keeps
 * keys), as far as the workspace's signed history shows: any transaction like it (the same amount
 * and payee, or accounts) since it may first have been sent leaves it to a person. It may be this
 * row, sent before a history the database lost or kept from this desktop; the service gives a
 * payment no id of its own, so nothing here can say it is another row's (a look-alike's history
 * is the database's to keep or hide too). Transactions that cannot be read give it back to try
 * again; null: it may go.
 */
export function lookBeforeFirstSend(
  row: TeamRowView,
  found: readonly Transaction[] | null,
  now: number,
): HeldBack | null {
  const own = movementOf(row, now);
  if (!own) return null;
  if (found === null)
    return {
      state: 'open',
      detail: `Not sent yet: the service’s transactions could not be read to check that ${described(row)} was not sent before. It is tried again.`,
    };
  // Matched against nothing else: a look-alike's transaction is as good as this row's own.
  const match = matchMovements([own], [], found).resolved[0];
  if (!match) return null;
  return {
    state: 'needs-review',
    detail: `Not sent: ${described(row)} is in the paying account’s transactions since it was approved (${match.transactionId}). It may be this one, sent before; the service cannot tell such ${row.kind === 'payment' ? 'payments' : 'transfers'} apart, so a person decides. If it is this one, an approver reviews it as gone through; if it belongs to another row, as not sent, and it goes out with its key.`,
  };
}
