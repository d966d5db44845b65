import type { Result } from '../../../../shared/ipc';
import { clipboard } from '../../platform/cards';

/**
 * Copies a card number or code through main, which clears the clipboard after a while (and on
 * quit) if it still holds it. Answers how long that is, for the words on screen.
 */
export async function copySecret(text: string): Promise<Result<{ clearsAfterMs: number }>> {
  const r = await clipboard.copySecret(text);
  if (!r.ok) return r;
  return { ok: true, value: { clearsAfterMs: r.value.clearsAfterMs ?? 0 } };
}

/** Copies a value that is not secret (an account number): left on the clipboard. */
export async function copyText(text: string): Promise<Result<void>> {
  const r = await clipboard.copy(text);
  return r.ok ? { ok: true, value: undefined } : r;
}
