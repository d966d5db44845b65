import type { PayRequest, Transaction } from '../../../../shared/service';
import type { TeamRowView } from '../../../../shared/ipc/workspace';
import { readSignedText } from '../../../../shared/team/signed-text';
import { atHandle, money } from '../model/kinds/format';
import { draftRow } from '../model/draft';
import { matchMovements, sendSpan, type DatedMovement, type Span } from '../../../../shared/outbox/movements';
import type { Movement } from '../model/reconcile-plan';

/** What the team sender records for a payment it took over. */
export interface TakeoverResult {
  state: 'sent' | 'needs-review';
  detail: string;
}

/** When the drafter signed it (their desktop's clock): no send of the row can be older. */
function signedAt(row: TeamRowView): number | null {
  const read = readSignedText('draft', row.draft.text);
  if (!read.ok) return null;
  const at = Date.parse(read.body.at);
  return Number.isFinite(at) ? at : null;
}

/** The row as a payment of the outbox's, for the outbox's matching; null when nothing signed says what it pays. */
function movementOf(profileId: string, row: TeamRowView, now: number): DatedMovement | null {
  const at = signedAt(row);
  if (row.kind !== 'payment' || row.payload === null || at === null) return null;
  const payment = draftRow({ kind: 'payment', payload: row.payload as PayRequest }, profileId, row.id, row.idempotencyKey, at) as Movement;
  // The workspace does not say when a claim sent it: any time from its signing until now.
  return { row: payment, span: sendSpan(at, now) };
}

/** Rows of the workspace that may have moved money with a payment like this one: sent, or claimed at least once without a final outcome. */
const mayHaveMoved = (r: TeamRowView) => r.state === 'sent' || (r.claims > 0 && (r.state === 'open' || r.state === 'needs-review'));

/** The window of the service's transactions to read for a taken-over payment, or null when its signed draft cannot be read. */
export function takeoverWindow(claimed: TeamRowView, now: number): Span | null {
  const at = signedAt(claimed);
  return at === null ? null : { ...sendSpan(at, now), toMs: now };
}

/**
 * A payment whose earlier claim ended without an outcome (its desktop stopped mid-send), settled
 * against the service's transactions with the solo outbox's matching before a person is asked:
 * found, it is sent, with the transaction that shows it; not found for certain, or the
 * transactions could not be read (`found` null), it goes to a person with what to look for.
 * Never a resend. `workspaceRows` are the service's rows in the workspace, closed ones too: the
 * payments that may have used up a transaction like this one's are counted first.
 */
export function settleTakenOverPayment(profileId: string, claimed: TeamRowView, workspaceRows: readonly TeamRowView[], found: readonly Transaction[] | null, now: number): TakeoverResult {
  const own = movementOf(profileId, claimed, now);
  const what = own ? `a payment of ${money(own.row.amountCents)} to ${atHandle((own.row.payload as PayRequest).svcHandle)}` : 'this payment';
  const stopped = 'An earlier send of this payment stopped before its outcome was recorded, so it may have gone through.';
  const check = `Look in the paying account’s transactions for ${what}: if it is there, it went through and must not be sent again; if it is not, draft it again as a new payment.`;
  if (!own || found === null) return { state: 'needs-review', detail: `${stopped} The service’s transactions could not be read to tell. ${check}` };
  const moved = workspaceRows.filter((r) => r.id !== claimed.id && mayHaveMoved(r)).flatMap((r) => movementOf(profileId, r, now) ?? []);
  const { resolved } = matchMovements([own], moved, found);
  const match = resolved[0];
  if (match) return { state: 'sent', detail: `sent (found in the service’s transactions: ${match.transactionId})` };
  return { state: 'needs-review', detail: `${stopped} The service’s transactions since it was signed do not show it for certain. ${check}` };
}
