import { describe, expect, it } from 'vitest';
import type { Card, CardGroup } from '../../src/shared/service';
import {
  bulkTargets,
  cardFilterProblem,
  cardListQuery,
  filterCards,
  DEFAULT_CARD_FILTER,
} from '../../src/renderer/src/cards/model/card-list';
import { parseUserData } from '../../src/renderer/src/cards/model/user-data';

const card = (id: string, name: string, over: Partial<Card> = {}): Card => ({
  id,
  accountId: 'acc_1',
  last4: id.slice(-4),
  name,
  expiryMonth: '01',
  expiryYear: '2030',
  status: 'active',
  isPhysical: false,
  createdAt: `2026-01-0${id.slice(-1)}T00:00:00.000Z`,
  ...over,
});

const groups: CardGroup[] = [
  { id: 'cg_a', name: 'Travel' },
  { id: 'cg_b', name: 'Travel' },
  { id: 'cg_c', name: 'Software' },
];
const cards: Card[] = [
  card('card_0001', 'Bravo travel', { cardGroupId: 'cg_a', virtualAccountId: 'va_1' }),
  card('card_0002', 'alpha SaaS', { cardGroupId: 'cg_c', status: 'paused' }),
  card('card_0003', 'Charlie', { cardGroupId: 'cg_b', accountId: 'acc_2' }),
  card('card_0004', 'delta', { status: 'closed' }),
];
const names = (list: Card[]) => list.map((c) => c.name);

describe('the card list model', () => {
  it('sorts by createdAt and by name both ways (names ignoring case)', () => {
    expect(names(filterCards(cards, groups, DEFAULT_CARD_FILTER))).toEqual([
      'delta',
      'Charlie',
      'alpha SaaS',
      'Bravo travel',
    ]);
    expect(names(filterCards(cards, groups, { sort: 'createdAt', direction: 'ASC' }))).toEqual([
      'Bravo travel',
      'alpha SaaS',
      'Charlie',
      'delta',
    ]);
    expect(names(filterCards(cards, groups, { sort: 'name', direction: 'ASC' }))).toEqual([
      'alpha SaaS',
      'Bravo travel',
      'Charlie',
      'delta',
    ]);
    expect(names(filterCards(cards, groups, { sort: 'name', direction: 'DESC' }))).toEqual([
      'delta',
      'Charlie',
      'Bravo travel',
      'alpha SaaS',
    ]);
  });

  it('filters as GET /card does, and searches the name and last four', () => {
    const f = DEFAULT_CARD_FILTER;
    expect(names(filterCards(cards, groups, { ...f, status: 'paused' }))).toEqual(['alpha SaaS']);
    expect(names(filterCards(cards, groups, { ...f, accountId: 'acc_2' }))).toEqual(['Charlie']);
    expect(names(filterCards(cards, groups, { ...f, virtualAccountId: 'va_1' }))).toEqual(['Bravo travel']);
    expect(names(filterCards(cards, groups, { ...f, cardGroupId: 'cg_a' }))).toEqual(['Bravo travel']);
    // A name several groups share matches the cards of each; the name is exact.
    expect(names(filterCards(cards, groups, { ...f, cardGroupName: 'Travel' }))).toEqual(['Charlie', 'Bravo travel']);
    expect(filterCards(cards, groups, { ...f, cardGroupName: 'travel' })).toEqual([]);
    expect(names(filterCards(cards, groups, { ...f, text: 'TRAVEL' }))).toEqual(['Bravo travel']);
    expect(names(filterCards(cards, groups, { ...f, text: '0003' }))).toEqual(['Charlie']);
    expect(names(filterCards(cards, groups, { ...f, text: 'alpha 0002' }))).toEqual(['alpha SaaS']);
    expect(filterCards(cards, groups, { ...f, text: 'alpha 0003' })).toEqual([]);
  });

  it('refuses a group by id and by name, and builds the service query otherwise', () => {
    expect(cardFilterProblem({ ...DEFAULT_CARD_FILTER, cardGroupId: 'cg_a', cardGroupName: 'Travel' })).toMatch(
      /by id or by name, not both/,
    );
    expect(cardFilterProblem({ ...DEFAULT_CARD_FILTER, cardGroupId: 'cg_a', cardGroupName: '  ' })).toBeUndefined();
    expect(
      cardListQuery(
        { sort: 'name', direction: 'ASC', status: 'active', cardGroupName: ' Travel ', text: 'ignored' },
        'cur',
      ),
    ).toEqual({
      sort: 'name',
      sortDirection: 'ASC',
      'filter:status': 'active',
      'filter:cardGroupName': 'Travel',
      cursor: 'cur',
    });
  });

  it('pauses only active cards and resumes only paused ones, saying why for the rest', () => {
    const { apply, skip } = bulkTargets(cards, 'pause');
    expect(names(apply)).toEqual(['Bravo travel', 'Charlie']);
    expect(skip.map((s) => `${s.card.name}: ${s.reason}`)).toEqual([
      'alpha SaaS: is paused; only active cards can be paused',
      'delta: is closed; only active cards can be paused',
    ]);
    expect(names(bulkTargets(cards, 'resume').apply)).toEqual(['alpha SaaS']);
  });
});

describe('userData as typed', () => {
  it('takes a JSON object of at most 4 KB, counting the bytes that are sent', () => {
    expect(parseUserData('')).toEqual({ ok: true, value: null, bytes: 0 });
    expect(parseUserData('{ "a": 1 }')).toEqual({ ok: true, value: { a: 1 }, bytes: 7 });
    expect(parseUserData(JSON.stringify({ s: 'é'.repeat(2_000) })).ok).toBe(true);
    const over = parseUserData(JSON.stringify({ s: 'é'.repeat(2_100) }));
    expect(over).toMatchObject({ ok: false, bytes: 4_208 });
    if (!over.ok) expect(over.message).toMatch(/4,208 bytes; the service keeps at most 4,096\. Remove 112 bytes/);
  });

  it('refuses what is not an object, saying what it is', () => {
    for (const [text, what] of [
      ['[1]', 'a list'],
      ['null', 'null'],
      ['"x"', 'a string'],
      ['3', 'a number'],
    ] as const) {
      const r = parseUserData(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain(`not ${what}`);
    }
    const bad = parseUserData('{"a":');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^Not valid JSON/);
  });
});
