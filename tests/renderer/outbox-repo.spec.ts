import { expect, test } from './harness/lane';

// The outbox repository in Chromium's IndexedDB: rows and keys written together, claiming in a
// transaction with FIFO per source and funding order, refusals that change nothing, an audit
// that outlives the queue, and strict durability on the outbox database alone.

const T0 = Date.UTC(2026, 2, 8, 1, 30);
const transfer = (source: string, destination: string, amountCents: number) => ({
  kind: 'transfer',
  payload: { source, destination, amountCents },
  labels: { destination },
});

/**
 * `length` transfers between `accounts`, the same for the same seed: about one in `laterOdds`
 * scheduled for after T0 (they hold nobody up) and, with `earlierOdds`, some for before it.
 */
function randomTransfers(
  seed: number,
  accounts: readonly string[],
  length: number,
  laterOdds: number,
  earlierOdds?: number,
) {
  let x = seed;
  const pick = (n: number) => (x = (x * 48271) % 2147483647) % n;
  return Array.from({ length }, (_, i) => {
    const source = accounts[pick(accounts.length)] as string;
    const destination = accounts.filter((a) => a !== source)[pick(accounts.length - 1)] as string;
    const notBefore =
      pick(laterOdds) === 0
        ? T0 + 10_000 + i
        : earlierOdds !== undefined && pick(earlierOdds) === 0
          ? T0 - 1
          : undefined;
    return { ...transfer(source, destination, 100 + i), ...(notBefore === undefined ? {} : { notBefore }) };
  });
}

test('a draft has its key from the first write; approval binds the payload; refusals leave the row as it was', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p1');
  const row = await lane.run<{ id: string; idempotencyKey: string; state: string }>(
    'draft',
    'p1',
    transfer('va_a', 'va_b', 100),
    T0,
  );
  expect(row.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const [stored] = await lane.run<{ id: string; idempotencyKey: string; state: string }[]>('rows', 'p1');
  expect(stored).toMatchObject({ id: row.id, idempotencyKey: row.idempotencyKey, state: 'draft' });
  expect(await lane.run('tryApproveWithWrongHash', 'p1', row.id)).toBe('IllegalTransition');
  const [after] = await lane.run<{ state: string; history: unknown[] }[]>('rows', 'p1');
  expect(after?.state).toBe('draft');
  expect(after?.history).toHaveLength(1);
  expect(await lane.run('durability', 'p1')).toBe('strict');
});

test('claiming: FIFO per source, sources in parallel, A->B before B->C; a crash mid-send is recovered; the audit outlives the queue', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p2');
  const [a1, a2, b1, ab, bc] = await lane.run<string[]>(
    'queue',
    'p2',
    [
      transfer('va_a', 'va_x', 1),
      transfer('va_a', 'va_y', 2),
      transfer('va_b', 'va_x', 3),
      transfer('va_m', 'va_n', 4),
      transfer('va_n', 'va_o', 5),
    ],
    T0,
  );
  expect(await lane.run('claim', 'p2', T0 + 10)).toEqual([a1, b1, ab]);
  // Nothing more while those are in flight.
  expect(await lane.run('claim', 'p2', T0 + 11)).toEqual([]);
  // The page is reloaded mid-send: only IndexedDB remains.
  await lane.open('outbox.ts');
  expect(await lane.run('recover', 'p2', T0 + 12)).toBe(3);
  const again = await lane.run<string[]>('claim', 'p2', T0 + 13);
  expect(again).toEqual([a1, b1, ab]);
  const rows1 = await lane.run<{ id: string; idempotencyKey: string }[]>('rows', 'p2');
  for (const id of again) await lane.run('record', 'p2', id, 'ok', T0 + 14);
  expect(await lane.run('claim', 'p2', T0 + 15)).toEqual([a2, bc]);
  // Keys never changed through the crash and resend.
  const rows2 = await lane.run<{ id: string; idempotencyKey: string }[]>('rows', 'p2');
  expect(rows2.map((r) => r.idempotencyKey)).toEqual(rows1.map((r) => r.idempotencyKey));
  await lane.run('record', 'p2', a2, 'ok', T0 + 16);
  await lane.run('record', 'p2', bc, 'rejected', T0 + 16);
  expect(await lane.run('clearFinished', 'p2')).toBe(4);
  const left = await lane.run<{ id: string; state: string }[]>('rows', 'p2');
  expect(left.map((r) => [r.id, r.state])).toEqual([[bc, 'failed']]);
  const audit = await lane.run<string[]>('audit', 'p2');
  expect(audit.filter((a) => a.startsWith('sent:'))).toHaveLength(4);
  expect(audit).toContain(`drafted:${a1}`);
  expect(audit).toContain(`approved:${a1}`);
  expect(audit).toContain(`failed:${bc}`);
});

test('a row first sent more than 24 hours ago is not claimed again: it goes to review', async ({ lane }) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p3');
  const [id] = await lane.run<string[]>('queue', 'p3', [transfer('va_a', 'va_b', 7)], T0);
  expect(await lane.run('claim', 'p3', T0 + 1)).toEqual([id]);
  expect(await lane.run('recover', 'p3', T0 + 2)).toBe(1);
  expect(await lane.run('expire', 'p3', T0 + 1 + 24 * 3_600_000 - 1)).toBe(0);
  expect(await lane.run('expire', 'p3', T0 + 1 + 24 * 3_600_000)).toBe(1);
  expect(await lane.run('claim', 'p3', T0 + 2 + 24 * 3_600_000)).toEqual([]);
  const [row] = await lane.run<{ state: string }[]>('rows', 'p3');
  expect(row?.state).toBe('needs-review');
});

test('recording an outcome claims what it freed, exactly as planning the whole queue would (random queues with funding chains and schedules)', async ({
  lane,
}) => {
  // Many random queues, each planned twice in IndexedDB.
  test.slow();
  await lane.open('outbox.ts');
  const accounts = ['va_a', 'va_b', 'va_c', 'va_d', 'va_e'];
  for (let seed = 1; seed <= 6; seed++) {
    const profileId = `inc-${seed}`;
    await lane.run('reset', profileId);
    const inputs = randomTransfers(seed, accounts, 40, 6, 6);
    const ids = await lane.run<string[]>('queue', profileId, inputs, T0 - 1_000);
    const result = await lane.run<{
      disagreements: string[];
      steps: number;
      finished: number;
      leftDue: number;
      leftScheduled: number;
    }>('incrementalAgainstFullPlan', profileId, ids, T0, seed);
    expect(result.disagreements, `seed ${seed}`).toEqual([]);
    expect(result.leftDue, `seed ${seed}: a due row was never claimed`).toBe(0);
    // Every row not scheduled for later was sent or failed, each claimed once.
    expect(result.finished, `seed ${seed}`).toBe(inputs.length - result.leftScheduled);
    expect(result.steps, `seed ${seed}`).toBe(result.finished);
    expect(result.leftScheduled, `seed ${seed}`).toBeGreaterThan(0);
  }
});

test('with a window, each outcome claims what it freed exactly as the whole plan would, several rows of a source in flight at once', async ({
  lane,
}) => {
  test.slow();
  await lane.open('outbox.ts');
  const accounts = ['va_a', 'va_b', 'va_c'];
  let mostInFlight = 0;
  for (let seed = 1; seed <= 4; seed++) {
    const profileId = `win-${seed}`;
    await lane.run('reset', profileId);
    const inputs = randomTransfers(seed, accounts, 30, 8);
    const ids = await lane.run<string[]>('queue', profileId, inputs, T0 - 1_000);
    // va_a covers a few rows at a time, va_b plenty, va_c is not in the cache (one at a time).
    const window = { max: 3, cents: { 'va:va_a': 350, 'va:va_b': 100_000 } };
    const result = await lane.run<{
      disagreements: string[];
      steps: number;
      finished: number;
      leftDue: number;
      leftScheduled: number;
      mostInFlight: number;
    }>('incrementalAgainstFullPlan', profileId, ids, T0, seed, window);
    expect(result.disagreements, `seed ${seed}`).toEqual([]);
    expect(result.leftDue, `seed ${seed}: a due row was never claimed`).toBe(0);
    expect(result.finished, `seed ${seed}`).toBe(inputs.length - result.leftScheduled);
    expect(result.steps, `seed ${seed}`).toBe(result.finished);
    mostInFlight = Math.max(mostInFlight, result.mostInFlight);
  }
  // More than one row of a source went at once (three sources, one at a time each, is at most 3).
  expect(mostInFlight).toBeGreaterThan(3);
});

test('a head whose key is older than 24 hours goes to review when an outcome frees it, and the next row is claimed instead', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p4');
  // a1 and a2 spend from A; f pays into A after them (so holds neither up) from B.
  const [a1, f, a2] = await lane.run<string[]>(
    'queue',
    'p4',
    [transfer('va_a', 'va_x', 1), transfer('va_b', 'va_a', 2), transfer('va_a', 'va_y', 3)],
    T0,
  );
  expect(await lane.run('claim', 'p4', T0 + 10)).toEqual([a1, f]);
  // a1's answer is retryable: back to approved with a backoff; nothing else from A goes.
  expect(await lane.run('recordAndClaim', 'p4', a1, 'retryable', T0 + 20)).toEqual([]);
  // A day later f's outcome frees A's queue: a1's key may be forgotten, so a1 goes to review, a2 goes.
  const day = 24 * 3_600_000;
  expect(await lane.run('recordAndClaim', 'p4', f, 'ok', T0 + 10 + day)).toEqual([a2]);
  const rows = await lane.run<{ id: string; state: string }[]>('rows', 'p4');
  expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
    [a1 as string]: 'needs-review',
    [f as string]: 'sent',
    [a2 as string]: 'sending',
  });
});

test('what the outbox moved out of and into an account since a time: sent rows only, by when they went', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p5');
  const [out1, in1, out2, other] = await lane.run<string[]>(
    'queue',
    'p5',
    [
      transfer('va_a', 'va_x', 100),
      transfer('va_y', 'va_a', 30),
      transfer('va_a', 'va_z', 7),
      transfer('va_b', 'va_x', 999),
    ],
    T0,
  );
  expect(await lane.run('claim', 'p5', T0 + 10)).toEqual([out1, in1, other]);
  await lane.run('record', 'p5', out1, 'ok', T0 + 20);
  await lane.run('record', 'p5', in1, 'ok', T0 + 40);
  await lane.run('record', 'p5', other, 'ok', T0 + 40);
  expect(await lane.run('movedSince', 'p5', 'va:va_a', T0)).toEqual({ outCents: 100, inCents: 30 });
  // Sent before the balance was fetched: the balance already knows it.
  expect(await lane.run('movedSince', 'p5', 'va:va_a', T0 + 30)).toEqual({ outCents: 0, inCents: 30 });
  // Claimed but not sent (out2) counts for nothing yet.
  expect(await lane.run('claim', 'p5', T0 + 50)).toEqual([out2]);
  expect(await lane.run('movedSince', 'p5', 'va:va_a', T0)).toEqual({ outCents: 100, inCents: 30 });
});

test('importing many rows is two commits (the drafts, then their submission), and a bad payload among them writes nothing', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p9');
  const r = await lane.run<{
    refused: string;
    afterRefusal: number;
    rows: number;
    keys: number;
    states: Record<string, number>;
    audit: number;
    reruns: number;
  }>('importBatch', 'p9', 300, T0);
  expect(r.refused).toBe('InvalidPayload');
  expect(r.afterRefusal).toBe(0);
  expect(r.rows).toBe(300);
  expect(r.keys).toBe(300);
  // No approval rule set: every transfer awaits approval.
  expect(r.states).toEqual({ 'awaiting-approval': 300 });
  // A draft line and a submission line per row.
  expect(r.audit).toBe(600);
  // A live query over the queue re-ran once per commit, not once per row.
  expect(r.reruns).toBe(2);
});

test('approving everything shown is one commit: every row approved for the profile’s service, a row edited after it was shown refused with its reason', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p6');
  const r = await lane.run<{
    approved: number;
    refused: { rowId: string; message: string }[];
    states: Record<string, number>;
    boundTo: string[];
    auditAdded: number;
    reruns: number;
  }>('approveShownBatch', 'p6', 200, T0);
  expect(r.approved).toBe(199);
  expect(r.refused).toEqual([
    {
      rowId: 'the edited row',
      message: 'Cannot approve a row that is draft: only a row awaiting approval is approved',
    },
  ]);
  expect(r.states).toEqual({ approved: 199, draft: 1 });
  expect(r.boundTo).toEqual(['https://svc.example']);
  expect(r.auditAdded).toBe(199);
  // One transaction: a live query over the queue re-ran once for all 199 approvals, not 199 times.
  expect(r.reruns).toBe(1);
});

test('after the profile’s address changes, rows approved for the old service go back to a person, by the sweep or by the sender’s claim; none is claimed', async ({
  lane,
}) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p7');
  await lane.run<string[]>('queue', 'p7', [transfer('va_a', 'va_b', 100), transfer('va_c', 'va_d', 200)], T0);
  const moved = await lane.run<{ claimed: string[]; states: string[]; reasons: string[] }>(
    'addressChanged',
    'p7',
    'https://api.production.example',
    T0 + 10,
  );
  expect(moved.claimed).toEqual([]);
  expect(moved.states).toEqual(['awaiting-approval', 'awaiting-approval']);
  expect(moved.reasons).toEqual([
    'It was approved for https://svc.example. This profile now sends to https://api.production.example: approve it again to send it there.',
  ]);

  await lane.run('reset', 'p8');
  await lane.run<string[]>('queue', 'p8', [transfer('va_a', 'va_b', 100)], T0);
  expect(await lane.run('sweepApprovals', 'p8', 'https://svc.example', T0 + 1)).toBe(0);
  expect(await lane.run('sweepApprovals', 'p8', 'https://api.production.example', T0 + 2)).toBe(1);
  expect(
    (await lane.run<{ claimed: string[] }>('addressChanged', 'p8', 'https://svc.example', T0 + 3)).claimed,
  ).toEqual([]);
});

test('a finished row leaves the queue in the commit that finishes it; the archive keeps it', async ({ lane }) => {
  await lane.open('outbox.ts');
  await lane.run('reset', 'p9');
  const [a, b] = await lane.run<string[]>(
    'queue',
    'p9',
    [transfer('va_a', 'va_b', 100), transfer('va_c', 'va_d', 200)],
    T0,
  );
  expect(await lane.run('claim', 'p9', T0 + 10)).toEqual([a, b]);
  await lane.run('record', 'p9', a, 'ok', T0 + 11);
  expect(await lane.run('whereFinished', 'p9')).toEqual({ queue: ['sending'], archive: ['sent'] });
  await lane.run('record', 'p9', b, 'rejected', T0 + 12);
  expect(await lane.run('whereFinished', 'p9')).toEqual({ queue: ['failed'], archive: ['sent'] });
  expect(await lane.run('clearFinished', 'p9')).toBe(1);
  expect(await lane.run('whereFinished', 'p9')).toEqual({ queue: ['failed'], archive: [] });
});
