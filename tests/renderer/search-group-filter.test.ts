import { describe, expect, it } from 'vitest';
import { groupsAsCards } from '../../src/renderer/src/search/model/group-filter';

const cards = new Map([
  ['c1', { cardGroupId: 'g1' }],
  ['c2', { cardGroupId: 'g2' }],
  ['c3', {}],
  ['c4', { cardGroupId: 'g1' }],
]);

describe("a card group filter as the group's cards now", () => {
  it('leaves a query without groups as it is', () => {
    const q = { text: 'x', cardIds: ['c3'] };
    expect(groupsAsCards(q, cards)).toBe(q);
  });
  it('names the cards now in the groups, and keeps only those of them a card filter asks for', () => {
    expect(groupsAsCards({ cardGroupIds: ['g1', 'g2'], text: 'x' }, cards)).toEqual({
      text: 'x',
      cardIds: ['c1', 'c2', 'c4'],
    });
    expect(groupsAsCards({ cardGroupIds: ['g1'], cardIds: ['c4', 'c2'] }, cards)).toEqual({ cardIds: ['c4'] });
  });
  it('matches nothing when no card is in the groups (an empty card list would not filter)', () => {
    expect(groupsAsCards({ cardGroupIds: ['g9'] }, cards)).toEqual({ toMs: -Infinity });
    expect(groupsAsCards({ cardGroupIds: ['g2'], cardIds: ['c1'], fromMs: 5 }, cards)).toEqual({
      cardIds: ['c1'],
      fromMs: 5,
      toMs: -Infinity,
    });
  });
});
