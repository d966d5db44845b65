import { describe, expect, it } from 'vitest';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import { withRowsRead } from '../../src/renderer/src/team/model/open-rows';
import { listedRow } from '../support/team-fixtures';

/** A row as main lists it; only what the merge looks at is meaningful here. */
const row = (id: string, createdAt: string, state: TeamRowView['state'] = 'open', outcome: string | null = null) =>
  listedRow(id, { createdAt, state, outcome });

const ids = (rows: readonly TeamRowView[]) => rows.map((r) => r.id);

describe('the open queue after reading the rows a change named', () => {
  const a = row('a', '2026-11-01T10:00:00.000Z');
  const b = row('b', '2026-11-01T10:00:01.000Z');
  const c = row('c', '2026-11-01T10:00:02.000Z');

  it('a named row takes its new state in place; the others stay the same objects', () => {
    const b2 = { ...b, decisions: [{ text: 'approve', signature: 's' }] };
    const after = withRowsRead([a, b, c], [b2], ['b']);
    expect(ids(after.open)).toEqual(['a', 'b', 'c']);
    expect(after.open[0]).toBe(a);
    expect(after.open[1]).toBe(b2);
    expect(after.open[2]).toBe(c);
    expect(after.closed).toEqual([]);
  });

  it('a named row that closed leaves the list and is reported closed', () => {
    const sent = row('a', a.createdAt, 'sent', 'sent (transfer t1)');
    const after = withRowsRead([a, b, c], [sent], ['a']);
    expect(ids(after.open)).toEqual(['b', 'c']);
    expect(after.closed).toEqual([sent]);
  });

  it('a new open row joins in the workspace order; a new closed one never shows', () => {
    const between = row('bb', '2026-11-01T10:00:01.000Z');
    const first = row('0', '2026-11-01T09:00:00.000Z');
    const gone = row('z', '2026-11-01T11:00:00.000Z', 'canceled');
    const after = withRowsRead([a, b, c], [gone, between, first], ['z', 'bb', '0']);
    expect(ids(after.open)).toEqual(['0', 'a', 'b', 'bb', 'c']);
    expect(after.closed).toEqual([]);
  });

  it('a row waiting for a person stays listed; a named row the read did not return leaves; an answer nobody asked for is ignored', () => {
    const review = row('b', b.createdAt, 'needs-review');
    const stranger = row('x', '2026-11-01T12:00:00.000Z');
    const after = withRowsRead([a, b, c], [review, stranger], ['b', 'c']);
    expect(ids(after.open)).toEqual(['a', 'b']);
    expect(after.open[1]?.state).toBe('needs-review');
    expect(after.closed).toEqual([]);
  });
});
