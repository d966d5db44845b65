import { expect, test } from './harness/lane';

// The team workspace's offline copy in the outbox's real IndexedDB (Chromium): a draft handed to
// the workspace is written with its signed copy in one commit and is never approved here; the
// pusher sends drafts before decisions, keeps everything while the workspace is unreachable,
// counts "already there" as pushed, and keeps a refusal with its reason. The workspace's answers
// are scripted here (its own behaviour is proved against PostgreSQL in tests/unit/workspace-*).

const T0 = Date.UTC(2026, 2, 8, 1, 30);
const WS = '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00';

test('a handed draft is awaiting approval in the workspace, kept unpushed with its row, and refused by this desktop’s own approval', async ({
  lane,
}) => {
  await lane.open('team-outbox.ts');
  await lane.run('reset', 'p1');
  const row = await lane.run<{ id: string; state: string; team: unknown; audit: string[] }>(
    'handed',
    'p1',
    WS,
    12_500,
    T0,
  );
  expect(row).toMatchObject({ state: 'awaiting-approval', team: { workspaceId: WS } });
  expect(row.audit).toEqual(['drafted: ', 'awaiting approval: signed for the team workspace']);
  expect(await lane.run('unpushed', 'p1', WS)).toEqual([`draft ${row.id}`]);
  expect(await lane.run('approveHere', 'p1', row.id)).toEqual([
    'Cannot approve a row that is awaiting approval: it is decided in the team workspace, where its approvers sign; approve or reject it in the Approvals inbox',
  ]);
  // Another workspace's copy is apart.
  expect(await lane.run('unpushed', 'p1', '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f01')).toEqual([]);
});

test('the pusher keeps everything while the workspace is unreachable, then sends drafts with (and before) decisions; already there is pushed, a refusal is kept with its reason', async ({
  lane,
}) => {
  await lane.open('team-outbox.ts');
  await lane.run('reset', 'p2');
  const a = await lane.run<{ id: string }>('handed', 'p2', WS, 100, T0);
  const b = await lane.run<{ id: string }>('handed', 'p2', WS, 200, T0 + 1);
  const c = await lane.run<{ id: string }>('handed', 'p2', WS, 300, T0 + 2);
  const decision = await lane.run<string>('decided', 'p2', WS, a.id, 1);

  // Offline: one call, nothing marked, the reason reported.
  const offline = await lane.run<{
    report: { pushed: number; stopped: string | null };
    calls: { drafts: string[]; decisions: number }[];
  }>('push', 'p2', WS, ['unreachable']);
  expect(offline.report).toMatchObject({ pushed: 0, refused: [], stopped: 'The workspace is unreachable.' });
  expect(offline.calls).toEqual([
    { drafts: [`draft of ${a.id}`, `draft of ${b.id}`, `draft of ${c.id}`], decisions: 1 },
  ]);
  expect(await lane.run('unpushed', 'p2', WS)).toEqual([
    `draft ${a.id}`,
    `draft ${b.id}`,
    `draft ${c.id}`,
    `decision ${decision}`,
  ]);

  // Back: one call (main writes its drafts before its decisions); b was there already (a lost answer), c is refused.
  const back = await lane.run<{
    report: { pushed: number; refused: { id: string; problem: string }[]; stopped: string | null };
    calls: { drafts: string[]; decisions: number }[];
  }>('push', 'p2', WS, [{ [b.id]: 'already-there', [c.id]: 'refused' }]);
  expect(back.calls).toEqual([{ drafts: [`draft of ${a.id}`, `draft of ${b.id}`, `draft of ${c.id}`], decisions: 1 }]);
  expect(back.report).toEqual({
    pushed: 3,
    refused: [{ id: c.id, problem: 'Another row already uses this id or idempotency key.' }],
    stopped: null,
  });
  const kept = await lane.run<{ id: string; pushed: number; problem: string | null }[]>('kept', 'p2');
  expect(kept.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
    [
      { id: a.id, pushed: 1, problem: null },
      { id: b.id, pushed: 1, problem: null },
      { id: c.id, pushed: 0, problem: 'Another row already uses this id or idempotency key.' },
      { id: decision, pushed: 1, problem: null },
    ].sort((x, y) => x.id.localeCompare(y.id)),
  );
  // Nothing left to push: the refused draft waits for a person, not for another push.
  expect(await lane.run('unpushed', 'p2', WS)).toEqual([]);
  const again = await lane.run<{ calls: unknown[] }>('push', 'p2', WS, []);
  expect(again.calls).toEqual([]);
});

test('copies take how the workspace closed their rows in one commit; one settled meanwhile makes each be tried alone, and it is not changed twice', async ({
  lane,
}) => {
  await lane.open('team-outbox.ts');
  await lane.run('reset', 'p3');
  const rows = [
    await lane.run<{ id: string }>('handed', 'p3', WS, 100, T0),
    await lane.run<{ id: string }>('handed', 'p3', WS, 200, T0 + 1),
    await lane.run<{ id: string }>('handed', 'p3', WS, 300, T0 + 2),
  ];
  const [a, b, c] = rows.map((r) => r.id) as [string, string, string];
  const together = await lane.run<{ moved: number; states: string[] }>(
    'mirrored',
    'p3',
    [
      { rowId: a, outcome: 'sent', detail: 'sent (transfer tr_a)' },
      { rowId: b, outcome: 'failed', detail: 'Insufficient funds.' },
    ],
    null,
    T0 + 10,
  );
  expect(together).toMatchObject({ moved: 2, states: ['sent', 'failed'] });

  const d = (await lane.run<{ id: string }>('handed', 'p3', WS, 400, T0 + 3)).id;
  const settled = await lane.run<{ moved: number; states: string[]; audit: string[] }>(
    'mirrored',
    'p3',
    [
      { rowId: c, outcome: 'sent', detail: 'sent (transfer tr_c)' },
      { rowId: d, outcome: 'canceled', detail: 'canceled by its drafter' },
    ],
    { rowId: c, outcome: 'sent', detail: 'sent (transfer tr_c)' },
    T0 + 20,
  );
  expect(settled.moved).toBe(1);
  expect(settled.states).toEqual(['sent', 'canceled']);
  expect(settled.audit.filter((line) => line.startsWith('sent'))).toHaveLength(1);
});
