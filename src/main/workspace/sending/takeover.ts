import type { TeamRowView } from '../../../shared/ipc/workspace';
import { matchMovements, sendSpan, type DatedMovement, type Movement, type Span } from '../../../shared/outbox/movements';
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

/** When the drafter signed it (their desktop's clock): no send of the row can be older. */
export function signedAt(row: TeamRowView): number | null {
  const read = readSignedText('draft', row.draft.text);
  if (!read.ok) return null;
  const at = Date.parse(read.body.at);
  return Number.isFinite(at) ? at : null;
}

/** The row as a movement of money, for the shared matching; null when nothing signed says what it moves. */
function movementOf(row: TeamRowView, now: number): DatedMovement | null {
  const at = signedAt(row);
  if ((row.kind !== 'payment' && row.kind !== 'transfer') || row.payload === null || at === null) return null;
  const request = teamRequest(row.kind, row.payload);
  if (!request) return null;
  const movement = { id: row.id, kind: row.kind, amountCents: request.amountCents, payload: request } as Movement;
  // The workspace does not say when a claim sent it: any time from its signing until now.
  return { row: movement, span: sendSpan(at, now) };
}

/**
 * Rows that may have moved money like this one: sent, waiting for a person to say whether they
 * did, claimed without a signed outcome, or open again after a claim (a transfer whose answer was
 * lost is given back open: it may have moved).
 */
const mayHaveMoved = (r: TeamRowView) => r.state === 'sent' || r.state === 'needs-review' || r.history.unresolved.length > 0 || (r.state === 'open' && r.claims > 0);

/**
 * The window of the service's transactions to read for a row an earlier claim may have sent (from
 * its signing until a little past now: the service's clock may run ahead of this desktop's), or
 * null when its signed draft cannot be read.
 */
export function takeoverWindow(row: TeamRowView, now: number): Span | null {
  const at = signedAt(row);
  return at === null ? null : sendSpan(at, now);
}

function described(row: TeamRowView): string {
  const p = row.payload as { amountCents?: number; svcHandle?: string; source?: string; destination?: string } | null;
  if (!p || typeof p.amountCents !== 'number') return `this ${row.kind}`;
  return row.kind === 'payment' ? `a payment of ${formatUsd(p.amountCents)} to @${String(p.svcHandle ?? '').replace(/^@/, '')}` : `a transfer of ${formatUsd(p.amountCents)} from ${p.source ?? '?'} to ${p.destination ?? '?'}`;
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
export function settleTakenOver(row: TeamRowView, earlier: readonly UnresolvedClaim[], service: readonly TeamRowView[], found: readonly Transaction[] | null, now: number): TakeoverResult {
  const own = movementOf(row, now);
  const who = earlier.map((c) => c.byName).filter((n, i, all) => all.indexOf(n) === i);
  const stopped = `An earlier send of this ${row.kind} (by ${who.join(' and ') || 'another desktop'}) has no signed outcome, so it may have gone through${row.kind === 'transfer' ? ', and the service may no longer hold its key' : ''}.`;
  const check = `Look in the paying account’s transactions for ${described(row)}: if it is there, it went through and must not be sent again; if it is not, an approver reviews it as not sent, and it goes out with its key.`;
  if (!own || found === null) return { state: 'needs-review', detail: `${stopped} The service’s transactions could not be read to tell. ${check}` };
  const moved = service.filter((r) => r.id !== row.id && mayHaveMoved(r)).flatMap((r) => movementOf(r, now) ?? []);
  const { resolved } = matchMovements([own], moved, found);
  const match = resolved[0];
  if (match) return { state: 'sent', detail: `sent (found in the service’s transactions: ${match.transactionId})` };
  return { state: 'needs-review', detail: `${stopped} The service’s transactions since it was signed do not show it for certain. ${check}` };
}

/** What main records for a row it did not send after looking first: left to a person, or given back to try again. */
export interface HeldBack {
  state: 'needs-review' | 'open';
  detail: string;
}

/**
 * Before the first send of a payment (or of a transfer signed longer ago than the service keeps
 * keys), as far as the workspace's signed history shows: a transaction like it in the service's
 * books since it was signed that no other row of the workspace accounts for may be this row,
 * sent before a history the database lost, so a person decides (never a second payment on a
 * rewound row). Transactions that cannot be read give it back to try again; null: it may go.
 */
export function lookBeforeFirstSend(row: TeamRowView, service: readonly TeamRowView[], found: readonly Transaction[] | null, now: number): HeldBack | null {
  const own = movementOf(row, now);
  if (!own) return null;
  if (found === null) return { state: 'open', detail: `Not sent yet: the service’s transactions could not be read to check that ${described(row)} was not sent before. It is tried again.` };
  const moved = service.filter((r) => r.id !== row.id && mayHaveMoved(r)).flatMap((r) => movementOf(r, now) ?? []);
  const { resolved } = matchMovements([own], moved, found);
  const match = resolved[0];
  if (!match) return null;
  return {
    state: 'needs-review',
    detail: `Not sent: ${described(row)} is in the paying account’s transactions since it was signed (${match.transactionId}), and no other row of the workspace accounts for it: it may be this one, sent before. If it is, an approver reviews it as gone through; if it is not, as not sent, and it goes out with its key.`,
  };
}
