import type { Card } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { bulkTargets } from '../model/card-list';

export interface BulkOutcome {
  cardId: string;
  name: string;
  last4: string;
  result: 'done' | 'skipped' | 'failed';
  message: string;
}

/**
 * Pauses or resumes several cards, one request each (the service has no bulk call), in order, and
 * says per card what happened: a failure on one card does not stop the others, and a card that
 * is not in the state the action starts from is skipped with the reason.
 */
export async function setStatusOfCards(
  profileId: string,
  cards: readonly Card[],
  action: 'pause' | 'resume',
  onProgress?: (done: number, total: number) => void,
): Promise<BulkOutcome[]> {
  const { apply, skip } = bulkTargets(cards, action);
  const outcomes: BulkOutcome[] = skip.map(({ card, reason }) => ({
    cardId: card.id,
    name: card.name,
    last4: card.last4,
    result: 'skipped',
    message: `Skipped: ${reason}.`,
  }));
  let done = 0;
  for (const card of apply) {
    const r = await entityWrites.setCardStatus(profileId, card.id, action === 'pause' ? 'paused' : 'active');
    done += 1;
    onProgress?.(done, apply.length);
    outcomes.push(
      r.ok
        ? {
            cardId: card.id,
            name: card.name,
            last4: card.last4,
            result: 'done',
            message: action === 'pause' ? 'Paused.' : 'Resumed.',
          }
        : { cardId: card.id, name: card.name, last4: card.last4, result: 'failed', message: r.error.message },
    );
  }
  return outcomes;
}
