import type { Card, CardGroup } from '../../../../shared/service';
import type { Result } from '../../../../shared/ipc';
import { entityWrites } from '../../app/entity-writes';
import type { ConstraintWrite } from '../model/constraint-write';

/** The cached card or group after the save; undefined when nothing was sent or it is not cached. */
export type SaveOutcome = Result<Card | CardGroup | undefined>;

/**
 * Sends a planned constraint write for the card or group `ownerId` of `profileId`, through the
 * one entity-write path (so the cache holds the answer as soon as it returns). A plan of `none`
 * sends nothing.
 */
export async function saveConstraint(profileId: string, ownerId: string, write: ConstraintWrite): Promise<SaveOutcome> {
  switch (write.kind) {
    case 'none':
      return { ok: true, value: undefined };
    case 'removeAll':
      return write.owner === 'card'
        ? entityWrites.removeCardSpendingConstraint(profileId, ownerId)
        : entityWrites.removeCardGroupSpendingConstraint(profileId, ownerId);
    case 'patch':
      return write.owner === 'card'
        ? entityWrites.patchCardSpendingConstraint(profileId, ownerId, write.body)
        : entityWrites.patchCardGroupSpendingConstraint(profileId, ownerId, write.body);
    case 'put':
      return write.owner === 'card'
        ? entityWrites.putCardSpendingConstraint(profileId, ownerId, write.body)
        : entityWrites.putCardGroupSpendingConstraint(profileId, ownerId, write.body);
  }
}
