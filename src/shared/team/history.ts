import type { VerifiedDirectory } from './directory';
import {
  DECIDING_ROLES,
  type MemberRecord,
  type OutcomeState,
  type RowEventBody,
  type Signed,
  type TeamCrypto,
} from './model';
import { readSignedText } from './signed-text';

/**
 * A row's state as its signed history says (schema version 4): claims, their outcomes,
 * cancellations and reviews, each signed by whoever made it and checked here against the
 * directory this desktop verified. The database keeps these statements in the order they were
 * written (it is trusted for order); what its `state` column says is never believed.
 */

/** The states a signed history can leave a row in. */
export type SignedState = 'open' | 'sent' | 'failed' | 'needs-review' | 'canceled';

const FINAL: ReadonlySet<SignedState> = new Set(['sent', 'failed', 'canceled']);

/** A claim whose sender signed no outcome: its request may have reached the service. */
export interface UnresolvedClaim {
  /** The statement's id. */
  id: string;
  fence: number;
  by: string;
  byName: string;
  /** When the sender signed it (its own clock). */
  at: string;
}

export interface RowHistory {
  state: SignedState;
  /** Claims with no outcome signed by their own sender, oldest first. */
  unresolved: UnresolvedClaim[];
  /** The last signed outcome or review, in words ("sent by Sam Ortiz: sent (transfer tr_1)"). */
  last: string | null;
  /** Statements that do not count, each with why. */
  ignored: string[];
  /** While it waits for a review: the signed outcome that left it to a person, which a review must name. */
  reviewing: string | null;
  /**
   * When an approver last found it had not gone through (their clock): they looked at what the
   * service showed until then, so a look before sending starts there.
   */
  reopenedAt: string | null;
}

export interface HistoryInput {
  rowId: string;
  /** The payload hash the drafter signed: every statement must name it. */
  payloadHash: string;
  /** The drafter's member id (a drafter may withdraw their own row, never review it). */
  drafterId: string;
  /** The row's statements in the order the workspace wrote them. */
  events: readonly Signed[];
  directory: VerifiedDirectory;
  crypto: TeamCrypto;
}

const describeOutcome = (state: OutcomeState) =>
  ({
    sent: 'sent',
    failed: 'failed for good',
    'needs-review': 'left to a person (its answer was lost)',
    open: 'given back to try again',
  })[state];

const article = (event: string) => `${/^[aeiou]/.test(event) ? 'an' : 'a'} ${event}`;

/** A statement checked as this row's: readable, about it, signed by the member it names. */
function checked(input: HistoryInput, e: Signed): { body: RowEventBody; who: MemberRecord } | string {
  const read = readSignedText('row', e.text);
  if (!read.ok) return `a statement cannot be read (${read.problem})`;
  const body = read.body;
  const who = input.directory.members.get(body.by);
  if (body.workspace !== input.directory.workspaceId || body.row !== input.rowId)
    return 'a statement about another row was filed under this one';
  if (!who) return `${article(body.event)} is signed by someone who is not a member`;
  if (!input.crypto.verify(who.publicKey, e.text, e.signature))
    return `${article(body.event)} is not signed by ${who.name}: someone without that member's key wrote or changed it`;
  if (body.payloadHash !== input.payloadHash) return `${who.name}'s ${body.event} is about another payload`;
  return { body, who };
}

/**
 * Walks the row's signed statements in the workspace's order. A claim is kept until its own
 * sender signs its outcome; `sent`, `failed` and `canceled` are final. A row waiting for a review
 * is opened again only by the review of an active approver or admin who did not draft it (every
 * earlier claim then settled by what they checked): a sender's claim there only adds a send that
 * may have happened, and only an outcome that closes it (sent, failed) counts. What only stops a
 * row counts whoever signed it since (a member removed later): a cancellation by its drafter or
 * an admin, a review that found it went through. Anything else is ignored, and said.
 */
export function rowHistory(input: HistoryInput): RowHistory {
  const out: RowHistory = { state: 'open', unresolved: [], last: null, ignored: [], reviewing: null, reopenedAt: null };
  const claims = new Map<string, UnresolvedClaim>();
  const claimKey = (fence: number, by: string) => `${fence}|${by}`;
  // A statement is one step once: the database may write a copy of it again later (a replay).
  const seen = new Set<string>();
  for (const e of input.events) {
    const c = checked(input, e);
    if (typeof c === 'string') {
      out.ignored.push(c);
      continue;
    }
    const { body, who } = c;
    if (seen.has(body.id)) {
      out.ignored.push(`${who.name}'s ${body.event} was written a second time`);
      continue;
    }
    seen.add(body.id);
    if (FINAL.has(out.state)) {
      out.ignored.push(`${who.name}'s ${body.event} came after the row was ${out.state}`);
      continue;
    }
    const inReview = out.state === 'needs-review';
    switch (body.event) {
      case 'claim':
        // Whoever claimed it (removed since, even) may have sent it: every claim counts until settled.
        claims.set(claimKey(body.fence, body.by), {
          id: body.id,
          fence: body.fence,
          by: body.by,
          byName: who.name,
          at: body.at,
        });
        break;
      case 'outcome': {
        const claim = claims.get(claimKey(body.fence, body.by));
        if (!claim) {
          out.ignored.push(`${who.name} signed an outcome for claim ${body.fence}, which is not theirs`);
          break;
        }
        if (inReview && !FINAL.has(body.state)) {
          // Its last send may have gone through: only a person's review opens it again, never a sender.
          out.ignored.push(
            `${who.name}'s outcome (${body.state}) came while it waited for a review; only an approver's review opens it again`,
          );
          break;
        }
        claims.delete(claimKey(body.fence, body.by));
        out.state = body.state;
        out.reviewing = body.state === 'needs-review' ? body.id : null;
        out.last = `${describeOutcome(body.state)} by ${who.name}'s desktop${body.detail ? `: ${body.detail}` : ''}`;
        break;
      }
      case 'cancel':
        if (body.by !== input.drafterId && who.role !== 'admin') {
          out.ignored.push(`${who.name} canceled it, but only its drafter or an admin may`);
          break;
        }
        out.state = 'canceled';
        out.last = `canceled by ${who.name}`;
        break;
      case 'review': {
        if (!inReview) {
          out.ignored.push(`${who.name} reviewed it while it did not wait for a review`);
          break;
        }
        // Found sent only closes it: it counts from whoever was an approver. Not sent opens it again: only an active one.
        const mayAnswer =
          body.by !== input.drafterId &&
          DECIDING_ROLES.has(who.role) &&
          (body.found === 'sent' || who.status === 'active');
        if (!mayAnswer) {
          out.ignored.push(
            `${who.name} reviewed it, but only an active approver other than its drafter may open it again`,
          );
          break;
        }
        if (body.settles !== out.reviewing) {
          out.ignored.push(`${who.name}'s review answers an earlier wait for a review, not this one`);
          break;
        }
        out.state = body.found === 'sent' ? 'sent' : 'open';
        out.reviewing = null;
        if (body.found === 'not-sent') out.reopenedAt = body.at;
        out.last = `${body.found === 'sent' ? 'found to have gone through' : 'found not to have gone through'} by ${who.name}: ${body.checked}`;
        // What they checked settles every earlier claim: sending it again is their decision.
        claims.clear();
        break;
      }
    }
  }
  out.unresolved = [...claims.values()];
  return out;
}

/** The database's state next to the signed one: a sentence for the inbox when they differ, else null. */
export function stateDisagreement(dbState: string, history: RowHistory): string | null {
  if (dbState === history.state) return null;
  const signed =
    history.state === 'open'
      ? history.unresolved.length > 0
        ? 'open, with a send under way or interrupted'
        : 'open'
      : history.state;
  return `The workspace's database says this row is ${dbState}, but its signed history says ${signed}${history.last ? ` (${history.last})` : ''}. The database's word is not believed: the row is treated as ${signed}.`;
}
