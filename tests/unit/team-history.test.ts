import { describe, expect, it } from 'vitest';
import { nodeTeamCrypto } from '../../src/main/workspace/keys';
import { verifyDirectory } from '../../src/shared/team/directory';
import { rowHistory, type RowHistory } from '../../src/shared/team/history';
import {
  AT,
  LogBuilder,
  member,
  sha256,
  signWith,
  statement,
  WS,
  type TestKey,
  type TestMember,
} from '../support/team-fixtures';

/**
 * A row's state is what its signed statements say (src/shared/team/history.ts), never the
 * database's column. The statements are written and signed here with the test's own keys and
 * hand-rolled JSON, and every expected answer is written out by hand.
 */

const ROW = '11111111-1111-4111-8111-111111111111';
const OTHER_ROW = '11111111-1111-4111-8111-222222222222';
const HASH = sha256('{"amountCents":100,"destination":"acct_payee","source":"acct_main"}');

const admin = member('Ada Admin', 'admin');
const clerk = member('Clerk', 'drafter');
const carol = member('Carol', 'approver');
const tom = member('Tom', 'approver');
const dee = member('Dee', 'drafter');
const gone = member('Gone', 'approver');
const oldAdmin = member('Old Admin', 'admin');

const log = new LogBuilder();
log.add(admin, { entry: 'member', member: admin.record });
for (const m of [clerk, carol, tom, dee, gone, oldAdmin]) log.add(admin, { entry: 'member', member: m.record });
log.add(admin, { entry: 'member', member: { ...gone.record, status: 'removed' } });
log.add(admin, { entry: 'member', member: { ...oldAdmin.record, status: 'removed' } });
const dir = verifyDirectory({
  workspaceId: WS,
  pinnedKey: admin.key.publicKey,
  rows: log.rows,
  remembered: null,
  crypto: nodeTeamCrypto,
});
/** Entry 8, the directory's last: what every signer here had verified. */
const HEAD = { seq: 8, hash: sha256(log.rows[8]?.text ?? '') };

interface Over {
  row?: string;
  payloadHash?: string;
  dir?: { seq: number; hash: string };
  /** Signed with this key instead of the signer's own. */
  key?: TestKey;
}

let n = 0;
/** One signed statement of the row's history, as a desktop would write it. */
function event(by: TestMember, fields: Record<string, unknown>, over: Over = {}) {
  n++;
  const id = `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`;
  const text = statement('row', {
    workspace: WS,
    id,
    row: over.row ?? ROW,
    payloadHash: over.payloadHash ?? HASH,
    by: by.record.id,
    at: AT,
    dir: over.dir ?? HEAD,
    ...fields,
  });
  return { id, text, signature: signWith(over.key ?? by.key, text) };
}
const claim = (by: TestMember, fence: number, over?: Over) => event(by, { event: 'claim', fence }, over);
const outcome = (
  by: TestMember,
  fence: number,
  state: 'sent' | 'failed' | 'needs-review' | 'open',
  detail = '',
  over?: Over,
) => event(by, { event: 'outcome', fence, state, detail }, over);
const cancel = (by: TestMember) => event(by, { event: 'cancel' });
/** A review answering the wait that `settles` (the outcome that left the row to a person) began. */
const review = (by: TestMember, found: 'sent' | 'not-sent', checked: string, settles: { id: string }) =>
  event(by, { event: 'review', found, checked, settles: settles.id });

/** The history of ROW, drafted by `drafter`, from these statements in this order. */
const history = (events: { text: string; signature: string }[], drafter: TestMember = clerk): RowHistory =>
  rowHistory({
    rowId: ROW,
    payloadHash: HASH,
    drafterId: drafter.record.id,
    events,
    directory: dir,
    crypto: nodeTeamCrypto,
  });

/** A claim as the history lists it while nobody settled it. */
const unresolved = (c: { id: string }, fence: number, by: TestMember) => ({
  id: c.id,
  fence,
  by: by.record.id,
  byName: by.record.name,
  at: AT,
});

const clean = { unresolved: [], last: null, ignored: [], reviewing: null, reopenedAt: null };

describe("a row's signed history", () => {
  it('is open with nothing signed, and a claim nobody settled stays unresolved (its send may have reached the service)', () => {
    expect(history([])).toEqual({ state: 'open', ...clean });
    const c1 = claim(carol, 1);
    expect(history([c1])).toEqual({ state: 'open', ...clean, unresolved: [unresolved(c1, 1, carol)] });
    // Given back by its own sender: settled, open again.
    expect(history([c1, outcome(carol, 1, 'open', 'HTTP 503')])).toEqual({
      state: 'open',
      ...clean,
      last: "given back to try again by Carol's desktop: HTTP 503",
    });
    // Taken over after Carol stopped: Tom's send settles only Tom's claim; Carol's may have gone out too.
    const c2 = claim(tom, 2);
    expect(history([c1, c2, outcome(tom, 2, 'sent', 'transfer tr_2')])).toEqual({
      state: 'sent',
      ...clean,
      unresolved: [unresolved(c1, 1, carol)],
      last: "sent by Tom's desktop: transfer tr_2",
    });
    // Removed since, Gone may still have sent it: the claim counts.
    const byGone = claim(gone, 1);
    expect(history([byGone])).toEqual({ state: 'open', ...clean, unresolved: [unresolved(byGone, 1, gone)] });
  });

  it('takes an outcome only from the sender whose claim it settles', () => {
    const c1 = claim(carol, 1);
    expect(history([c1, outcome(tom, 1, 'sent', 'transfer tr_1')])).toEqual({
      state: 'open',
      ...clean,
      unresolved: [unresolved(c1, 1, carol)],
      ignored: ['Tom signed an outcome for claim 1, which is not theirs'],
    });
    expect(history([outcome(carol, 1, 'sent')])).toEqual({
      state: 'open',
      ...clean,
      ignored: ['Carol signed an outcome for claim 1, which is not theirs'],
    });
  });

  it('ends at sent, failed or canceled: nothing signed after counts', () => {
    for (const state of ['sent', 'failed'] as const) {
      const h = history([
        claim(carol, 1),
        outcome(carol, 1, state, 'answer'),
        claim(tom, 2),
        outcome(tom, 2, 'open'),
        cancel(clerk),
      ]);
      expect(h, state).toEqual({
        state,
        ...clean,
        last: `${state === 'sent' ? 'sent' : 'failed for good'} by Carol's desktop: answer`,
        ignored: [
          `Tom's claim came after the row was ${state}`,
          `Tom's outcome came after the row was ${state}`,
          `Clerk's cancel came after the row was ${state}`,
        ],
      });
    }
    expect(
      history([cancel(clerk), claim(tom, 1), review(carol, 'not-sent', 'nothing in the transactions', { id: ROW })]),
    ).toEqual({
      state: 'canceled',
      ...clean,
      last: 'canceled by Clerk',
      ignored: ["Tom's claim came after the row was canceled", "Carol's review came after the row was canceled"],
    });
  });

  it('waits in needs-review for a review: no sender reopens it, a sender’s claim there only adds a send that may have happened, and only an active approver who did not draft it reopens it', () => {
    // Tom, an approver, drafted this row. Carol's desktop stopped mid-send; Dee's took it over and lost the answer.
    const c1 = claim(carol, 1);
    const left = outcome(dee, 2, 'needs-review', 'no answer');
    const lost = [c1, claim(dee, 2), left];
    const waiting = {
      state: 'needs-review',
      ...clean,
      unresolved: [unresolved(c1, 1, carol)],
      last: "left to a person (its answer was lost) by Dee's desktop: no answer",
      reviewing: left.id,
    };
    expect(history(lost, tom)).toEqual(waiting);
    // A claim there is one more send that may have happened; its sender giving it back does not reopen the row.
    const c3 = claim(carol, 3);
    expect(history([...lost, c3, outcome(carol, 3, 'open', 'HTTP 503')], tom)).toEqual({
      ...waiting,
      unresolved: [unresolved(c1, 1, carol), unresolved(c3, 3, carol)],
      ignored: ["Carol's outcome (open) came while it waited for a review; only an approver's review opens it again"],
    });
    // A send that closes it counts (a desktop that held the claim twice over, say): it only stops the row.
    expect(history([...lost, claim(carol, 3), outcome(carol, 3, 'sent', 'transfer tr_3')], tom)).toEqual({
      ...waiting,
      state: 'sent',
      last: "sent by Carol's desktop: transfer tr_3",
      reviewing: null,
    });
    // Its drafter, a drafter-role member, and a removed approver opening it again: none of them counts.
    const refused = [
      review(tom, 'sent', 'tr_1', left),
      review(dee, 'not-sent', 'none', left),
      review(gone, 'not-sent', 'none', left),
    ];
    expect(history([...lost, ...refused], tom)).toEqual({
      ...waiting,
      ignored: [
        'Tom reviewed it, but only an active approver other than its drafter may open it again',
        'Dee reviewed it, but only an active approver other than its drafter may open it again',
        'Gone reviewed it, but only an active approver other than its drafter may open it again',
      ],
    });
    // Removed since, an admin's finding that it went through still stands: it only stops the row (removing them rewrites nothing).
    expect(history([...lost, review(oldAdmin, 'sent', 'tr_1', left)], tom)).toEqual({
      state: 'sent',
      ...clean,
      last: 'found to have gone through by Old Admin: tr_1',
    });
    // Not found: open again, every earlier claim settled by what Carol checked; a claim after it counts anew.
    const c4 = claim(tom, 4);
    expect(history([...lost, review(carol, 'not-sent', 'no payment to @acme since 09:30', left), c4], tom)).toEqual({
      state: 'open',
      ...clean,
      unresolved: [unresolved(c4, 4, tom)],
      last: 'found not to have gone through by Carol: no payment to @acme since 09:30',
      reopenedAt: AT,
    });
    // Found by an admin: sent, for good.
    expect(history([...lost, review(admin, 'sent', 'tr_9 in the transactions', left), claim(carol, 4)], tom)).toEqual({
      state: 'sent',
      ...clean,
      last: 'found to have gone through by Ada Admin: tr_9 in the transactions',
      ignored: ["Carol's claim came after the row was sent"],
    });
    // A review of a row that did not wait for one changes nothing.
    expect(history([review(carol, 'sent', 'tr_1', left)])).toEqual({
      state: 'open',
      ...clean,
      ignored: ['Carol reviewed it while it did not wait for a review'],
    });
  });

  it('takes a review only for the wait it answers: an old review written again into a later wait, or any statement written twice, counts once', () => {
    // Carol found it had not gone through; it was sent again, and that answer was lost too.
    const left1 = outcome(dee, 1, 'needs-review', 'no answer');
    const reopened = review(carol, 'not-sent', 'nothing since 09:30', left1);
    const left2 = outcome(dee, 2, 'needs-review', 'no answer again');
    const secondWait = [claim(dee, 1), left1, reopened, claim(dee, 2), left2];
    const waiting = {
      state: 'needs-review',
      ...clean,
      last: "left to a person (its answer was lost) by Dee's desktop: no answer again",
      reviewing: left2.id,
      reopenedAt: AT,
    };
    expect(history(secondWait, tom)).toEqual(waiting);
    // The database writes Carol's review again after the second wait: a copy, counted once.
    expect(history([...secondWait, reopened], tom)).toEqual({
      ...waiting,
      ignored: ["Carol's review was written a second time"],
    });
    // Carol signed the first wait's answer twice (two desktops, or a second try); the database held one back until the second wait: it answers the first.
    expect(history([...secondWait, review(carol, 'not-sent', 'nothing since 09:30', left1)], tom)).toEqual({
      ...waiting,
      ignored: ["Carol's review answers an earlier wait for a review, not this one"],
    });
    // A copy of the same statement is one step, written once: the first counts, the copy is said.
    const c1 = claim(carol, 1);
    const given = outcome(carol, 1, 'open', 'HTTP 503');
    expect(history([c1, given, given], tom)).toEqual({
      state: 'open',
      ...clean,
      last: "given back to try again by Carol's desktop: HTTP 503",
      ignored: ["Carol's outcome was written a second time"],
    });
  });

  it('is canceled only by its drafter or an admin (one removed since too: a cancellation only stops the row)', () => {
    expect(history([cancel(carol)])).toEqual({
      state: 'open',
      ...clean,
      ignored: ['Carol canceled it, but only its drafter or an admin may'],
    });
    expect(history([cancel(oldAdmin)])).toEqual({ state: 'canceled', ...clean, last: 'canceled by Old Admin' });
    expect(history([cancel(admin)])).toEqual({ state: 'canceled', ...clean, last: 'canceled by Ada Admin' });
    expect(history([cancel(clerk)])).toEqual({ state: 'canceled', ...clean, last: 'canceled by Clerk' });
  });

  it('ignores a statement not signed by the member it names, about another payload or row, by nobody, or unreadable', () => {
    const c1 = claim(carol, 1);
    const stranger = member('Stranger', 'approver');
    const forged = [
      outcome(carol, 1, 'sent', 'transfer tr_1', { key: tom.key }),
      outcome(carol, 1, 'failed', 'for another payload', { payloadHash: sha256('another payload') }),
      cancel(stranger),
      claim(carol, 2, { row: OTHER_ROW }),
      { text: 'treasury-team/1 claim\n{}', signature: '' },
    ];
    expect(history([c1, ...forged])).toEqual({
      state: 'open',
      ...clean,
      unresolved: [unresolved(c1, 1, carol)],
      ignored: [
        "an outcome is not signed by Carol: someone without that member's key wrote or changed it",
        "Carol's outcome is about another payload",
        'a cancel is signed by someone who is not a member',
        'a statement about another row was filed under this one',
        'a statement cannot be read (it is not a row statement)',
      ],
    });
  });

  it('blocks nothing on the directory entry a statement names: a member cannot stop a row by naming one this desktop has not seen (the draft and the approvals that count do: team-verdict)', () => {
    const ahead = claim(carol, 1, { dir: { seq: 9, hash: sha256('an entry kept from this desktop') } });
    expect(history([ahead])).toEqual({ state: 'open', ...clean, unresolved: [unresolved(ahead, 1, carol)] });
  });
});
