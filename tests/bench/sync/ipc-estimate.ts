import { deserialize, serialize } from 'node:v8';
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../../src/sandbox';

/**
 * What Electron's IPC would cost for the backfill's answers, estimated since no Electron binary
 * runs here. `ipcRenderer.invoke` results are structured-cloned: main serializes with V8's
 * ValueSerializer (what node:v8 serialize uses), the bytes cross Mojo, the renderer deserializes.
 * So: serialize in Node and deserialize in Node (the same V8 code as main's side), and a
 * structuredClone in Chromium (serialize + deserialize in the renderer's V8; the upper bound of
 * its side), for one answer of `pagesPerCall` real pages, timed over `repeats`; the per-row cost
 * is what 1M rows would spend on crossing.
 */
export async function estimateIpc(
  sandbox: Sandbox,
  page: Page,
  pagesPerCall: number,
  repeats = 50,
): Promise<Record<string, unknown>> {
  const pages: { items: unknown[]; nextCursor: string | null }[] = [];
  let cursor: string | undefined;
  while (pages.length < pagesPerCall) {
    const url = `${sandbox.apiUrl}/transaction${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = (await fetch(url, { headers: { 'x-api-key': sandbox.apiKey } }).then((r) => r.json())) as {
      items: unknown[];
      metadata?: { nextCursor?: string };
    };
    pages.push({ items: body.items, nextCursor: body.metadata?.nextCursor ?? null });
    cursor = body.metadata?.nextCursor;
    if (!cursor) break;
  }
  const answer = { ok: true, value: { pages } };
  const rows = pages.reduce((n, p) => n + p.items.length, 0);
  let bytes = 0;
  let t = performance.now();
  for (let i = 0; i < repeats; i++) bytes = serialize(answer).length;
  const serializeMs = (performance.now() - t) / repeats;
  const buffer = serialize(answer);
  t = performance.now();
  for (let i = 0; i < repeats; i++) deserialize(buffer);
  const deserializeMs = (performance.now() - t) / repeats;
  const json = JSON.stringify(answer);
  const cloneMs = await page.evaluate(
    ([text, n]) => {
      const value: unknown = JSON.parse(text);
      const start = performance.now();
      for (let i = 0; i < n; i++) structuredClone(value);
      return (performance.now() - start) / n;
    },
    [json, repeats] as const,
  );
  const perRowUs = ((serializeMs + deserializeMs) / rows) * 1000;
  return {
    kind: 'electron-ipc-estimate',
    what: 'structured clone of one sync:transactionPages answer: V8 serialize + deserialize in Node (main side), structuredClone in Chromium (renderer side)',
    pages: pages.length,
    rows,
    serialized_bytes: bytes,
    node_serialize_ms: Number(serializeMs.toFixed(3)),
    node_deserialize_ms: Number(deserializeMs.toFixed(3)),
    chromium_structured_clone_ms: Number(cloneMs.toFixed(3)),
    us_per_row: Number(perRowUs.toFixed(2)),
    seconds_per_1m_rows: Number(perRowUs.toFixed(2)),
  };
}
