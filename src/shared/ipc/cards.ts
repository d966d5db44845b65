import { z } from 'zod';
import { channel } from './define';
import { ProfileId } from './schemas';

const CardId = z.string().min(1).max(200);

/** How long a revealed number and code stay on screen (and how long a copied one stays on the clipboard). */
export const REVEAL_HIDE_AFTER_MS = 30_000;

/**
 * A card's full number and code, straight from the vault for one component to show. Never
 * stored: not in a store, IndexedDB, a log or an error.
 */
export interface RevealedSecrets {
  last4: string;
  pan?: string;
  cvv?: string;
  /** The component drops the values after this long. */
  hideAfterMs: number;
}

/** One line of the local reveal audit: who revealed what of which card, and when. Never the number. */
export interface RevealAuditEntry {
  /** ISO 8601, from main's clock. */
  at: string;
  /** The OS user signed in when the reveal was asked for. */
  user: string;
  profileId: string;
  profileName: string;
  cardId: string;
  last4: string;
  pan: boolean;
  cvv: boolean;
  outcome: 'revealed' | 'failed';
  /** Why a failed reveal failed, in words (scrubbed of anything number-shaped). */
  reason?: string;
}

export const cardsChannels = {
  /**
   * The only way to the vault: reads the card at {vault_url} with include_pan / include_cvv and
   * writes an audit entry. The generic `service:call` can never do this.
   */
  'cards:reveal': channel<RevealedSecrets>()(
    z
      .strictObject({ profileId: ProfileId, cardId: CardId, pan: z.boolean(), cvv: z.boolean() })
      .refine((a) => a.pan || a.cvv, 'choose what to reveal: the number, the code or both'),
  ),
  /** The newest reveal audit entries of a profile (of one card when named), newest first. */
  'audit:reveals': channel<RevealAuditEntry[]>()(z.strictObject({ profileId: ProfileId, cardId: CardId.optional() })),
} as const;
