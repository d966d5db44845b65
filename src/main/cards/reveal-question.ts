import { displayAddress } from '../../shared/service-url';
import type { Profile } from '../profiles/profile';
import type { PromptQuestion } from '../prompt/trusted-prompt';
import type { CardLabel } from './card-labels';

/** "number and security code", "number", "security code". */
export function revealedWhat(pan: boolean, cvv: boolean): string {
  return pan && cvv ? 'number and security code' : pan ? 'number' : 'security code';
}

/**
 * What main asks before a reveal: the card (by the name the service gave it, or by its id when
 * main has not read it), what will show and for how long, the profile and its vault, and that
 * the reveal is audited under the person's name.
 */
export function revealQuestion(o: {
  profile: Profile;
  cardId: string;
  label: CardLabel | undefined;
  pan: boolean;
  cvv: boolean;
  user: string;
  hideAfterMs: number;
}): PromptQuestion {
  const what = revealedWhat(o.pan, o.cvv);
  const card = o.label ? `“${o.label.name}” •••• ${o.label.last4}` : `card ${o.cardId}`;
  const where =
    o.profile.kind === 'live' ? ` (vault ${displayAddress(o.profile.vaultUrl)})` : ' (the Demo, on this computer)';
  return {
    kind: 'reveal',
    title: 'Reveal a card number',
    message: `Show the ${what} of ${card}?`,
    detail: [
      o.label
        ? `Card: ${o.label.name} •••• ${o.label.last4} (id ${o.cardId})`
        : `Card: ${o.cardId} (its name has not been read from the service since the app started: check the id)`,
      `Shows: the ${what}, for ${Math.round(o.hideAfterMs / 1_000)} seconds`,
      `Profile: ${o.profile.name}${where}`,
      `The reveal is written to this profile's audit as asked by ${o.user}.`,
    ],
    confirm: 'Reveal',
    cancel: 'Do not reveal',
  };
}
