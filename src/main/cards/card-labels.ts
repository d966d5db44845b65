import type { EndpointName } from '../../shared/service';

/** A card as main's reveal question names it: from the service's own answers, never from the page. */
export interface CardLabel {
  name: string;
  last4: string;
}

const CARD_ANSWERS = new Set<EndpointName>(['getCard', 'listCards', 'createCard', 'updateCard']);
/** Cards remembered per profile; past this the oldest noted go (a question then shows the id alone). */
const MAX_PER_PROFILE = 50_000;

function labelOf(v: unknown): (CardLabel & { id: string }) | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const { id, name, last4 } = v as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof last4 === 'string'
    ? { id, name, last4 }
    : undefined;
}

/**
 * The names and last four digits of the cards main has read from the service since it started
 * (every card answer passes through main on its way to the page). The reveal question names the
 * card from here, so a page cannot make it say another card's name; a card not read yet is named
 * by its id alone. Nothing secret: the number and code are never noted.
 */
export class CardLabels {
  private readonly byProfile = new Map<string, Map<string, CardLabel>>();

  /** Notes the cards in a service answer (one card, or a page of them); other answers are ignored. */
  note(profileId: string, endpoint: EndpointName, answer: unknown): void {
    if (!CARD_ANSWERS.has(endpoint)) return;
    const items =
      endpoint === 'listCards' && answer && typeof answer === 'object'
        ? (answer as { items?: unknown }).items
        : [answer];
    if (!Array.isArray(items)) return;
    let cards = this.byProfile.get(profileId);
    for (const item of items) {
      const label = labelOf(item);
      if (!label) continue;
      cards ??= new Map();
      // Re-inserted, so the newest noted are the last to go.
      cards.delete(label.id);
      cards.set(label.id, { name: label.name, last4: label.last4 });
      if (cards.size > MAX_PER_PROFILE) cards.delete(cards.keys().next().value as string);
    }
    if (cards) this.byProfile.set(profileId, cards);
  }

  get(profileId: string, cardId: string): CardLabel | undefined {
    return this.byProfile.get(profileId)?.get(cardId);
  }

  /** A profile's cards are another service's once its address changes, or gone with it. */
  forget(profileId: string): void {
    this.byProfile.delete(profileId);
  }
}
