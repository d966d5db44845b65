import type { Card, CardGroup, CardListQuery, CardStatus } from '../../../../shared/service';

/**
 * The Cards screen's list: every filter of `GET /card`, its two sorts both ways, and a search by
 * name or last four, answered from the entity cache so it reads offline. The same filter turns
 * into the service's query when a person asks for a fresh page, so both answer the same question.
 */
export interface CardListFilter {
  accountId?: string;
  virtualAccountId?: string;
  status?: CardStatus;
  /** The service takes a group by id or by name, never both (a clear message when both are set). */
  cardGroupId?: string;
  cardGroupName?: string;
  /** Name or last four; case-insensitive, every word must match. */
  text?: string;
  sort: 'createdAt' | 'name';
  direction: 'ASC' | 'DESC';
}

export const DEFAULT_CARD_FILTER: CardListFilter = { sort: 'createdAt', direction: 'DESC' };

/** Why the filter cannot be asked of the service as it is; undefined when it can. */
export function cardFilterProblem(f: CardListFilter): string | undefined {
  if (f.cardGroupId && f.cardGroupName?.trim()) {
    return 'Choose the card group by id or by name, not both: the service refuses a list filtered both ways. Clear one of the two.';
  }
  return undefined;
}

function words(text: string | undefined): string[] {
  return (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

function matchesText(card: Card, terms: string[]): boolean {
  if (terms.length === 0) return true;
  const hay = `${card.name.toLowerCase()} ${card.last4}`;
  return terms.every((t) => hay.includes(t));
}

function compareCards(a: Card, b: Card, f: CardListFilter): number {
  let c: number;
  if (f.sort === 'name') c = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  else c = (a.createdAt ?? '').localeCompare(b.createdAt ?? '');
  // Ties keep one stable order whatever the direction, so a list does not shuffle between reads.
  if (c === 0) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return f.direction === 'ASC' ? c : -c;
}

/** The cached cards the filter keeps, in its order. A card's group name comes from the cached groups. */
export function filterCards(cards: readonly Card[], groups: readonly CardGroup[], f: CardListFilter): Card[] {
  const terms = words(f.text);
  // Exact name, as the service's filter compares it: several groups may share it.
  const groupName = f.cardGroupName?.trim();
  const groupIdsByName = groupName ? new Set(groups.filter((g) => g.name === groupName).map((g) => g.id)) : undefined;
  return cards
    .filter(
      (c) =>
        (!f.accountId || c.accountId === f.accountId) &&
        (!f.virtualAccountId || c.virtualAccountId === f.virtualAccountId) &&
        (!f.status || c.status === f.status) &&
        (!f.cardGroupId || c.cardGroupId === f.cardGroupId) &&
        (!groupIdsByName || (c.cardGroupId !== undefined && groupIdsByName.has(c.cardGroupId))) &&
        matchesText(c, terms),
    )
    .sort((a, b) => compareCards(a, b, f));
}

/** The same filter as `GET /card` takes it (text search is the app's own: the service has none). */
export function cardListQuery(f: CardListFilter, cursor?: string): CardListQuery {
  const q: CardListQuery = { sort: f.sort, sortDirection: f.direction };
  if (f.accountId) q['filter:accountId'] = f.accountId;
  if (f.virtualAccountId) q['filter:virtualAccountId'] = f.virtualAccountId;
  if (f.status) q['filter:status'] = f.status;
  if (f.cardGroupId) q['filter:cardGroupId'] = f.cardGroupId;
  const name = f.cardGroupName?.trim();
  if (name) q['filter:cardGroupName'] = name;
  if (cursor) q.cursor = cursor;
  return q;
}

/** Cards a bulk action applies to: pausing only active cards, resuming only paused ones. */
export function bulkTargets(
  cards: readonly Card[],
  action: 'pause' | 'resume',
): { apply: Card[]; skip: { card: Card; reason: string }[] } {
  const from: CardStatus = action === 'pause' ? 'active' : 'paused';
  const apply: Card[] = [];
  const skip: { card: Card; reason: string }[] = [];
  for (const card of cards) {
    if (card.status === from) apply.push(card);
    else
      skip.push({
        card,
        reason: `is ${card.status}; only ${from} cards can be ${action === 'pause' ? 'paused' : 'resumed'}`,
      });
  }
  return { apply, skip };
}
