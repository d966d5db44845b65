import { serviceLabel } from './approval-binding';
import { kindOf } from './kinds';
import type { SendOutcome } from '../../../../shared/outbox/classify';
import { wireOf } from '../../../../shared/outbox/wire';
import { nextAttemptAt } from './backoff';
import type { Approver, OutboxRow, OutboxRowBase, OutboxState } from '../../../../shared/outbox';

/** What a transition changes besides the state and history. */
type Patch = Partial<OutboxRowBase> & { payload?: OutboxRow['payload'] };

/** A transition that the row's state does not allow; the row is left as it was. */
export class IllegalTransition extends Error {
  constructor(
    readonly from: OutboxState,
    readonly action: string,
    why: string,
  ) {
    super(`Cannot ${action} a row that is ${from.replace('-', ' ')}: ${why}`);
    this.name = 'IllegalTransition';
  }
}

/** The service forgets idempotency keys after this long (Stripe: 24 h); older rows are reconciled, not resent. */
export const KEY_AGE_LIMIT_MS = 24 * 60 * 60_000;

function require(row: OutboxRow, action: string, allowed: readonly OutboxState[], why: string): void {
  if (!allowed.includes(row.state)) throw new IllegalTransition(row.state, action, why);
}

function move<R extends OutboxRow>(
  row: R,
  to: OutboxState,
  now: number,
  patch: Patch,
  note?: { reason?: string; by?: string },
): R {
  const entry = {
    at: now,
    from: row.state,
    to,
    ...(note?.reason ? { reason: note.reason } : {}),
    ...(note?.by ? { by: note.by } : {}),
  };
  return { ...row, ...patch, state: to, updatedAt: now, history: [...row.history, entry] } as R;
}

const who = (a: Approver) => `${a.user} on ${a.machine}`;

/** A team row is decided in its workspace, by its members' signatures, never on this desktop's word. */
function notTeam(row: OutboxRow, action: string): void {
  if (row.team)
    throw new IllegalTransition(
      row.state,
      action,
      'it is decided in the team workspace, where its approvers sign; approve or reject it in the Approvals inbox',
    );
}

/**
 * Draft -> awaiting approval in a team workspace: its drafter signed it there (the signed copy is
 * kept beside it), and from now on only the workspace's approvers decide it.
 */
export function handToTeam<R extends OutboxRow>(row: R, workspaceId: string, now: number): R {
  require(row, 'hand to the team workspace', ['draft'], 'only a draft is handed to the team workspace');
  return move(row, 'awaiting-approval', now, { team: { workspaceId } }, { reason: 'signed for the team workspace' });
}

/**
 * A warning noted on a row being sent (the cached balance looked too low): the state does not
 * change, the warning is kept on the row and in its history; the send goes ahead.
 */
export function warn<R extends OutboxRow>(row: R, warning: string, now: number): R {
  require(row, 'warn about', ['sending'], 'only a row being sent is warned about');
  return move(row, 'sending', now, { warning }, { reason: `warning: ${warning}` });
}

/** A note on a row waiting for a person (what a search found or did not): the state and the key stay. */
export function noteInReview<R extends OutboxRow>(row: R, message: string, reason: string, now: number): R {
  require(row, 'note the search of the transactions for', ['needs-review'], 'it is no longer waiting for review');
  return move(row, 'needs-review', now, { lastError: message }, { reason });
}

/**
 * Draft -> awaiting approval, or straight to approved when the rules ask for no approval (notes
 * never need one): approved by the rule for `service`, the profile's service now.
 */
export function submit<R extends OutboxRow>(row: R, needsApproval: boolean, now: number, service: string): R {
  require(row, 'submit', ['draft'], 'only a draft is submitted');
  if (needsApproval) return move(row, 'awaiting-approval', now, {});
  return move(row, 'approved', now, { approvedFor: service }, { reason: 'no approval needed' });
}

/** How a row handed to a team workspace ends there. */
export type TeamClosing = 'sent' | 'failed' | 'rejected' | 'canceled';

/**
 * What the team workspace recorded for a row handed to it (sent, failed for good, rejected by an
 * approver, canceled by its drafter), mirrored on the drafter's copy so this desktop's queue and
 * balances tell the truth, whichever desktop sent or decided it. A row that needs a person stays
 * waiting here: the workspace's inbox is where it is resolved.
 */
export function closedInTeam<R extends OutboxRow>(row: R, outcome: TeamClosing, detail: string, now: number): R {
  require(row, 'record the team workspace’s outcome for', [
    'awaiting-approval',
  ], 'only a row waiting in the team workspace takes its outcome');
  if (!row.team)
    throw new IllegalTransition(
      row.state,
      'record the team workspace’s outcome for',
      'it was not handed to a team workspace',
    );
  return move(
    row,
    outcome,
    now,
    { lastError: outcome === 'sent' ? undefined : detail },
    { reason: `in the team workspace: ${detail}` },
  );
}

/**
 * A person approves exactly what they were shown, for the service they were shown: the hash
 * shown must be the one of the row's current payload for `service` (approval-binding.ts).
 */
export function approve<R extends OutboxRow>(
  row: R,
  by: Approver,
  shownHash: string,
  currentHash: string,
  now: number,
  service: string,
): R {
  require(row, 'approve', ['awaiting-approval'], 'only a row awaiting approval is approved');
  notTeam(row, 'approve');
  if (shownHash !== currentHash)
    throw new IllegalTransition(
      row.state,
      'approve',
      'it changed after it was shown, or its profile now sends elsewhere; review it again',
    );
  return move(
    row,
    'approved',
    now,
    { approval: { by, at: now, payloadHash: currentHash, service }, approvedFor: service, lastError: undefined },
    { by: who(by) },
  );
}

/**
 * The profile now sends to another service than the one this row was approved for (staging
 * became production): back to a person, who approves it again for the new one, or not.
 */
export function approvedElsewhere<R extends OutboxRow>(row: R, service: string, now: number): R {
  require(row, 'take back the approval of', ['approved'], 'only an approved row waits to be sent');
  if (row.approvedFor === service)
    throw new IllegalTransition(row.state, 'take back the approval of', 'it was approved for this service');
  const why =
    row.approvedFor === undefined
      ? 'It was approved before approvals named the service they are for.'
      : `It was approved for ${serviceLabel(row.approvedFor)}.`;
  const message = `${why} This profile now sends to ${serviceLabel(service)}: approve it again to send it there.`;
  return move(
    row,
    'awaiting-approval',
    now,
    { approval: undefined, approvedFor: undefined, lastError: message },
    { reason: 'approved for another service' },
  );
}

export function reject<R extends OutboxRow>(row: R, by: Approver, reason: string, now: number): R {
  require(row, 'reject', ['awaiting-approval'], 'only a row awaiting approval is rejected');
  notTeam(row, 'reject');
  if (!reason.trim()) throw new IllegalTransition(row.state, 'reject', 'a reason is required');
  return move(row, 'rejected', now, {}, { reason: reason.trim(), by: who(by) });
}

export function cancel<R extends OutboxRow>(row: R, now: number, reason?: string): R {
  require(row, 'cancel', ['draft', 'awaiting-approval', 'approved', 'failed', 'needs-review'], row.state === 'sending'
    ? 'it is being sent; wait for the outcome'
    : 'it is finished');
  // Canceled only here, the workspace's row would still be approved and sent by another desktop.
  if (row.team)
    throw new IllegalTransition(
      row.state,
      'cancel',
      'it waits in the team workspace; cancel it there (its Cancel button asks the workspace first)',
    );
  return move(row, 'canceled', now, { nextAttemptAt: undefined }, reason ? { reason } : {});
}

/**
 * New amount, parties, memo or schedule: a new operation. Back to draft with a new key and no
 * approval, so nothing approved before is sent with what changed.
 */
export function edit<R extends OutboxRow>(
  row: R,
  changes: { payload: OutboxRow['payload'] } & Partial<
    Pick<OutboxRowBase, 'notBefore' | 'labels' | 'amountCents' | 'sourceKey' | 'fundsKey'>
  >,
  newKey: string,
  now: number,
): R {
  require(row, 'edit', ['draft', 'awaiting-approval', 'approved', 'failed'], 'it is being sent or finished');
  notTeam(row, 'edit');
  return move(
    row,
    'draft',
    now,
    {
      ...changes,
      idempotencyKey: newKey,
      approval: undefined,
      approvedFor: undefined,
      attempts: [],
      firstAttemptAt: undefined,
      nextAttemptAt: undefined,
      lastError: undefined,
    },
    { reason: 'edited: a new operation' },
  );
}

/** The sender takes a due row (in the same transaction that checks it is due), only for the service it was approved for. */
export function claim<R extends OutboxRow>(row: R, now: number, service: string): R {
  require(row, 'send', ['approved'], 'only an approved row is sent');
  if (row.approvedFor !== service)
    throw new IllegalTransition(
      row.state,
      'send',
      `it was approved for ${serviceLabel(row.approvedFor)}, not ${serviceLabel(service)}`,
    );
  if ((row.notBefore ?? 0) > now) throw new IllegalTransition(row.state, 'send', 'it is scheduled for later');
  if ((row.nextAttemptAt ?? 0) > now)
    throw new IllegalTransition(row.state, 'send', 'it is waiting before trying again');
  return move(row, 'sending', now, { firstAttemptAt: row.firstAttemptAt ?? now });
}

/** What one attempt came to. `random` draws the backoff's jitter. */
export function recordOutcome<R extends OutboxRow>(
  row: R,
  outcome: SendOutcome<unknown>,
  now: number,
  random: () => number,
): R {
  require(row, 'record a send for', ['sending'], 'it is not being sent');
  const status = 'httpStatus' in outcome && outcome.httpStatus !== undefined ? { httpStatus: outcome.httpStatus } : {};
  switch (outcome.type) {
    case 'ok':
      return move(row, 'sent', now, {
        result: resultOf(row, outcome.value),
        lastError: undefined,
        nextAttemptAt: undefined,
        attempts: [...row.attempts, { at: now, outcome: 'ok' }],
      });
    case 'retryable': {
      const failures = row.attempts.filter((a) => a.outcome === 'retryable').length + 1;
      const retryAfter = outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs };
      return move(
        row,
        'approved',
        now,
        {
          nextAttemptAt: nextAttemptAt(now, failures, random, outcome.retryAfterMs),
          lastError: `${outcome.message} It will be sent again automatically, with the same key.`,
          attempts: [
            ...row.attempts,
            { at: now, outcome: 'retryable', message: outcome.message, ...status, ...retryAfter },
          ],
        },
        { reason: 'will retry' },
      );
    }
    case 'rejected':
      return move(
        row,
        'failed',
        now,
        {
          lastError: outcome.message,
          nextAttemptAt: undefined,
          attempts: [...row.attempts, { at: now, outcome: 'rejected', message: outcome.message, ...status }],
        },
        { reason: outcome.message },
      );
    case 'ambiguous':
      return move(
        row,
        'needs-review',
        now,
        {
          lastError: `${outcome.message} The ${row.kind === 'transfer' ? 'transfer' : 'payment'} may have gone through. Check the account's transactions before sending it again.`,
          nextAttemptAt: undefined,
          attempts: [...row.attempts, { at: now, outcome: 'ambiguous', message: outcome.message, ...status }],
        },
        { reason: 'outcome unknown' },
      );
    case 'blocked':
      // Not the row's fault and nothing was sent: it waits, approved, without counting an attempt.
      return move(row, 'approved', now, { lastError: outcome.message }, { reason: 'sender blocked' });
    case 'held':
      // Nothing left this machine (so no attempt, and a payment stays as sure as it was): it
      // waits exactly as long as main says the service's Retry-After still runs.
      return move(
        row,
        'approved',
        now,
        { lastError: outcome.message, nextAttemptAt: now + outcome.retryAfterMs },
        { reason: 'not sent: the service asked to wait' },
      );
  }
}

function resultOf(row: OutboxRow, value: unknown): OutboxRow['result'] {
  return kindOf(row).result(row, value);
}

/** A row a crash or reload left in `sending`: an idempotent kind goes again with the same key (transfers, notes); a payment waits for a person. */
export function recoverAfterCrash<R extends OutboxRow>(row: R, now: number): R {
  require(row, 'recover', ['sending'], 'it is not being sent');
  if (!wireOf(row.kind).idempotent) {
    return move(
      row,
      'needs-review',
      now,
      {
        lastError:
          'The app stopped while this payment was being sent; it may have gone through. Check the account before sending it again.',
      },
      { reason: 'interrupted' },
    );
  }
  return move(row, 'approved', now, {}, { reason: 'interrupted; will resend with the same key' });
}

/** First tried longer ago than the service keeps keys: a resend could move money twice. */
export function keyExpired<R extends OutboxRow>(row: R, now: number): R {
  require(row, 'expire the key of', ['approved'], 'only an approved row waits to be resent');
  if (row.firstAttemptAt === undefined || now - row.firstAttemptAt < KEY_AGE_LIMIT_MS)
    throw new IllegalTransition(row.state, 'expire the key of', 'its key is still remembered');
  return move(
    row,
    'needs-review',
    now,
    {
      nextAttemptAt: undefined,
      lastError:
        'First sent more than 24 hours ago: the service may have forgotten it. Check the transactions before sending it again.',
    },
    { reason: 'key too old to resend' },
  );
}

/** A person (or the reconciliation, with the matching transaction) says it went through. */
export function resolveSent<R extends OutboxRow>(
  row: R,
  now: number,
  how: { by?: Approver; matchedTransactionId?: string },
): R {
  require(row, 'mark as sent', ['needs-review'], 'only a row needing review is resolved');
  const reason = how.matchedTransactionId
    ? `found in the transactions (${how.matchedTransactionId})`
    : 'marked as sent by a person';
  return move(
    row,
    'sent',
    now,
    { result: { success: true }, lastError: undefined },
    { reason, ...(how.by ? { by: who(how.by) } : {}) },
  );
}

/** A person decides to send it again: a new operation with a new key (the old one may have been used). */
export function resendAnyway<R extends OutboxRow>(
  row: R,
  by: Approver,
  newKey: string,
  now: number,
  service: string,
): R {
  require(row, 'send again', ['needs-review'], 'only a row needing review is sent again');
  notTeam(row, 'send again');
  return move(
    row,
    'approved',
    now,
    {
      approvedFor: service,
      idempotencyKey: newKey,
      attempts: [],
      firstAttemptAt: undefined,
      nextAttemptAt: undefined,
      lastError: undefined,
    },
    { reason: 'sent again with a new key', by: who(by) },
  );
}

/** A failed row goes back to draft to be fixed and approved again (same payload would fail the same way). */
export function retryFailed<R extends OutboxRow>(row: R, newKey: string, now: number): R {
  require(row, 'reopen', ['failed'], 'only a failed row is reopened');
  notTeam(row, 'reopen');
  return move(
    row,
    'draft',
    now,
    {
      idempotencyKey: newKey,
      approval: undefined,
      approvedFor: undefined,
      attempts: [],
      firstAttemptAt: undefined,
      lastError: undefined,
    },
    { reason: 'reopened after failing' },
  );
}

/** "Send now": drop the wait of a backoff or a schedule. */
export function sendNow<R extends OutboxRow>(row: R, now: number): R {
  require(row, 'send now', ['approved'], 'only an approved row waits to be sent');
  return move(row, 'approved', now, { nextAttemptAt: undefined, notBefore: undefined }, { reason: 'send now' });
}
