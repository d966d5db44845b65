import type { Sandbox } from '../../../src/sandbox';

/**
 * The fastest a download of the sandbox's transactions can be: every page by plain fetch in Node
 * with one cursor, nothing stored. bench:sync and bench:demo set the app's path beside it, so
 * both must measure exactly this.
 */
export async function fetchEveryPage(sandbox: Sandbox): Promise<{ rows: number; ms: number }> {
  const start = performance.now();
  let rows = 0;
  let cursor: string | undefined;
  do {
    const url = `${sandbox.apiUrl}/transaction${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await fetch(url, { headers: { 'x-api-key': sandbox.apiKey } }).then((r) => r.json())) as {
      items: unknown[];
      metadata?: { nextCursor?: string };
    };
    rows += page.items.length;
    cursor = page.metadata?.nextCursor;
  } while (cursor);
  return { rows, ms: performance.now() - start };
}
