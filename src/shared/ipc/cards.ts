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

/**
 * One line of the local reveal audit: who asked to see what of which card, when, and how it went.
 * Never the number. 'declined': main asked and the person said no (or nobody answered);
 * 'refused': the reveal limit was reached, so nobody was asked and the vault was not called.
 */
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
  outcome: 'revealed' | 'failed' | 'declined' | 'refused';
  /** Why it did not reveal, in words (scrubbed of anything number-shaped). */
  reason?: string;
}

/**
 * An entry as read back, with how far it can be trusted. No `check`: sealed with the keychain's
 * key and unchanged. 'legacy': carried over from the file kept before the chain (never sealed
 * when written); 'hash-only': chained without a key (no keychain at the time); 'unchecked': its
 * key is no longer in the keychain; 'altered': changed after it was written.
 */
export interface RevealAuditLine extends RevealAuditEntry {
  check?: 'legacy' | 'hash-only' | 'unchecked' | 'altered';
}

/** Where the chain of a profile's audit file breaks, and how. */
export interface RevealAuditBreak {
  /** The line of the file (1-based) where it shows; 0 for the file as a whole. */
  line: number;
  /** What is wrong there, in words. */
  problem: string;
  /** The date of the entry on that line, when it could be read. */
  at?: string;
}

/** What the check of a profile's whole audit file found, on this read. */
export interface RevealAuditIntegrity {
  /** How new lines are sealed: with a key in the OS keychain, or only hash-chained (no keychain). */
  seal: 'keychain' | 'hash-only';
  /** Why the protection is weaker than it should be, for the person; absent when all is well. */
  warning?: string;
  /** Lines in the file. */
  lines: number;
  /** The oldest entry kept (older ones go after the retention), when there is one. */
  since?: string;
  /** Entries carried over from before the chain. */
  legacy: number;
  breaks: RevealAuditBreak[];
}

export interface RevealAuditList {
  /** Newest first. */
  entries: RevealAuditLine[];
  integrity: RevealAuditIntegrity;
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
  /**
   * The newest reveal audit entries of a profile (of one card when named), newest first, and what
   * checking the profile's whole audit file found on this read.
   */
  'audit:reveals': channel<RevealAuditList>()(z.strictObject({ profileId: ProfileId, cardId: CardId.optional() })),
} as const;
