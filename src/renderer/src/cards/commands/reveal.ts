import type { Result, RevealAuditList, RevealedSecrets } from '../../../../shared/ipc';
import { cardSecrets } from '../../platform/cards';

/**
 * Asks main's reveal channel for a card's number and code. The answer goes back to the caller
 * only: nothing here (or anywhere) stores it, so the component that asked is its one holder.
 */
export function revealCard(
  profileId: string,
  cardId: string,
  what: { pan: boolean; cvv: boolean } = { pan: true, cvv: true },
): Promise<Result<RevealedSecrets>> {
  return cardSecrets.reveal({ profileId, cardId, ...what });
}

/**
 * The newest reveals of a card from main's local audit (who and when; never the number), and what
 * main found checking the profile's whole audit file as it read it.
 */
export function loadReveals(profileId: string, cardId: string): Promise<Result<RevealAuditList>> {
  return cardSecrets.reveals({ profileId, cardId });
}
