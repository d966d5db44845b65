import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimResult } from '../../src/main/workspace/claims';
import {
  asLogin,
  decideAndPush,
  type Desktop,
  draftAndPush,
  mainOf,
  memberOf,
  sqlState,
  teamFixture,
} from '../support/workspace-helpers';

/**
 * Schema version 4's rules for a row's steps, tried straight in SQL with members' own logins: a
 * claim takes only the next fencing number, nothing but an approver's review (never its
 * drafter's) moves a row that waits for review, and no outcome does. Each step's statement is
 * junk here: the database does not check signatures (the desktops do), it keeps the order.
 */

const f = teamFixture({ Clerk: 'drafter', Carol: 'approver', Tom: 'approver' });
const logins = new Map<string, pg.Client>();

beforeAll(async () => {
  for (const name of ['Clerk', 'Carol', 'Tom'])
    logins.set(name, await asLogin(f.cluster, f.team.database, memberOf(f.team, name)));
});
afterAll(async () => {
  await Promise.all([...logins.values()].map((c) => c.end()));
});

function as(name: string): pg.Client {
  const c = logins.get(name);
  if (!c) throw new Error(`no login for ${name}`);
  return c;
}

const CLAIM = 'SELECT fence::int AS fence FROM team.claim_row($1, 60000, $2, $3, $4, $5)';
const OUTCOME = 'SELECT team.record_outcome($1, $2, $3, $4, $5, $6, $7)';
const REVIEW = 'SELECT team.review_row($1, $2, $3, $4, $5) AS ok';

/** A transfer drafted by `drafter` and approved by `approver`: ready to send. */
async function readyRow(drafter: Desktop, approver: Desktop, amountCents: number): Promise<string> {
  const draft = await draftAndPush(drafter, amountCents);
  await decideAndPush(approver, [draft]);
  return draft.rowId;
}

/** A row claimed by `sender` through main and left to a person: its answer was lost. */
async function needsReview(
  drafter: Desktop,
  approver: Desktop,
  sender: Desktop,
  amountCents: number,
): Promise<Extract<ClaimResult, { claimed: true }>> {
  const rowId = await readyRow(drafter, approver, amountCents);
  const [c] = await mainOf(sender).claim([rowId]);
  if (!c?.claimed) throw new Error(`not claimed: ${JSON.stringify(c)}`);
  const [recorded] = await mainOf(sender).outcomes([
    { rowId, fence: c.fence, payloadHash: c.payloadHash, state: 'needs-review', detail: 'the answer was lost' },
  ]);
  expect(recorded).toMatchObject({ recorded: true });
  return c;
}

const stateOf = async (rowId: string) =>
  (await f.su.query<{ state: string }>('SELECT state FROM team.queue_row WHERE id = $1', [rowId])).rows[0]?.state;
const eventsOf = async (rowId: string) =>
  Number(
    (await f.su.query<{ n: string }>('SELECT count(*) AS n FROM team.row_event WHERE row_id = $1', [rowId])).rows[0]?.n,
  );

describe("a row's steps in the database", () => {
  it('claims only with the next fencing number, and never a row whose lease stands', async () => {
    const rowId = await readyRow(memberOf(f.team, 'Clerk'), memberOf(f.team, 'Carol'), 41_00);
    const claimWith = (name: string, fence: number) =>
      as(name)
        .query<{ fence: number }>(CLAIM, [rowId, fence, randomUUID(), 'junk', 'sig'])
        .then((r) => r.rows);
    expect(await claimWith('Tom', 2)).toEqual([]);
    expect(await claimWith('Tom', 0)).toEqual([]);
    expect(await eventsOf(rowId)).toBe(0);
    expect(await claimWith('Tom', 1)).toEqual([{ fence: 1 }]);
    // The next number, but Tom's lease stands.
    expect(await claimWith('Carol', 2)).toEqual([]);
    expect(await eventsOf(rowId)).toBe(1);
    const row = await f.su.query('SELECT fence::int AS fence, claims, lease_holder FROM team.queue_row WHERE id = $1', [
      rowId,
    ]);
    expect(row.rows).toEqual([{ fence: 1, claims: 1, lease_holder: memberOf(f.team, 'Tom').login?.dbRole }]);
  });

  it('records no outcome on a row waiting for review, even under the lease that claimed it', async () => {
    const c = await needsReview(memberOf(f.team, 'Clerk'), memberOf(f.team, 'Carol'), memberOf(f.team, 'Tom'), 42_00);
    // As a claim for review under version 3 left it: Tom's lease standing on a row that needs review.
    await f.su.query(
      "UPDATE team.queue_row SET lease_holder = $2, lease_expires = now() + interval '1 hour' WHERE id = $1",
      [c.rowId, memberOf(f.team, 'Tom').login?.dbRole],
    );
    const events = await eventsOf(c.rowId);
    expect(
      await sqlState(as('Tom'), OUTCOME, [c.rowId, c.fence, 'sent', 'sent after all', randomUUID(), 'junk', 'sig']),
    ).toBe('TF001');
    expect(await sqlState(as('Tom'), 'SELECT team.renew_lease($1, $2, 60000)', [c.rowId, c.fence])).toBe('TF001');
    expect((await as('Tom').query(CLAIM, [c.rowId, c.fence + 1, randomUUID(), 'junk', 'sig'])).rows).toEqual([]);
    expect(
      await mainOf(memberOf(f.team, 'Tom')).outcomes([
        { rowId: c.rowId, fence: c.fence, payloadHash: c.payloadHash, state: 'sent', detail: 'sent after all' },
      ]),
    ).toMatchObject([{ recorded: false }]);
    expect(await stateOf(c.rowId)).toBe('needs-review');
    expect(await eventsOf(c.rowId)).toBe(events);
  });

  it('is reviewed only by an approver, never by its drafter', async () => {
    // Carol, an approver, drafted it; Tom approved and sent it, and lost the answer.
    const c = await needsReview(memberOf(f.team, 'Carol'), memberOf(f.team, 'Tom'), memberOf(f.team, 'Tom'), 43_00);
    const review = (name: string, state: string) =>
      as(name)
        .query<{ ok: boolean }>(REVIEW, [c.rowId, state, randomUUID(), 'junk', 'sig'])
        .then((r) => r.rows[0]?.ok);
    expect(await sqlState(as('Clerk'), REVIEW, [c.rowId, 'open', randomUUID(), 'junk', 'sig'])).toBe('42501');
    expect(await review('Carol', 'open')).toBe(false);
    expect(await sqlState(as('Tom'), REVIEW, [c.rowId, 'canceled', randomUUID(), 'junk', 'sig'])).toBe('22023');
    expect(await stateOf(c.rowId)).toBe('needs-review');
    expect(await eventsOf(c.rowId)).toBe(2);

    expect(await review('Tom', 'open')).toBe(true);
    expect(await stateOf(c.rowId)).toBe('open');
    // Not waiting for review any more: a second review changes nothing.
    expect(await review('Tom', 'sent')).toBe(false);

    // Tom's review here is junk, unsigned by Tom's key: every desktop still holds the row for a real review.
    const [row] = await memberOf(f.team, 'Clerk').h.ok('workspace:rows', {
      workspaceId: memberOf(f.team, 'Clerk').workspaceId,
      rowIds: [c.rowId],
    });
    expect(row).toMatchObject({ state: 'needs-review', dbState: 'open' });
    expect(row?.history.ignored).toEqual(['a statement cannot be read (it is not a row statement)']);
    expect(await mainOf(memberOf(f.team, 'Carol')).claim([c.rowId])).toMatchObject([{ claimed: false, why: 'closed' }]);
  });
});
