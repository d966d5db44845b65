import type { Sandbox } from '../../src/sandbox';

/**
 * The oracle: a card's number and code straight from the sandbox's vault over HTTP, not through
 * the app. It throws rather than asserts, so vitest and Playwright tests alike can use it.
 */
export async function cardFromVault(s: Sandbox, cardId: string): Promise<{ pan: string; cvv: string; last4: string }> {
  const r = await fetch(`${s.vaultUrl}/card/${encodeURIComponent(cardId)}?include_pan=true&include_cvv=true`, {
    headers: { 'x-api-key': s.apiKey },
  });
  if (r.status !== 200)
    throw new Error(`the vault did not answer the oracle read of card ${cardId}: ${r.status} ${await r.text()}`);
  return (await r.json()) as { pan: string; cvv: string; last4: string };
}
