import { z } from 'zod';
import { channel } from './define';

/** What a copy did: for the "the clipboard clears in …" line (absent for a plain copy). */
export interface Copied {
  clearsAfterMs?: number;
}

// A card number, a code, an account number: short texts. A long one is not what these are for.
const ClipText = z.string().min(1).max(200);

export const clipboardChannels = {
  /**
   * A secret (a card number or code): main writes it, and clears the clipboard after a while and
   * on quit, each time only if it still holds that value (what the person copied since stays).
   */
  'clipboard:copySecret': channel<Copied>()(z.strictObject({ text: ClipText })),
  /** A value that is not secret (an account or routing number): written, never cleared. */
  'clipboard:copy': channel<Copied>()(z.strictObject({ text: ClipText })),
} as const;
