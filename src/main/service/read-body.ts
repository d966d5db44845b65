/**
 * Reads an answer's body up to a limit. `response.text()` would hold whatever a server (or
 * something posing as it) cares to send, gigabytes included, in main's memory before anything
 * could look at it; here a declared length over the limit is refused before a byte is read, and
 * a body that goes on past it (no length, a wrong one, or a small compressed one that unpacks
 * into a huge one) is cut off there, the connection dropped.
 */

/**
 * The largest answer main reads: one page of a list or one record. A page of 50 transactions is
 * about 30 KB, so this leaves room for pages hundreds of times larger than the service's.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Of an error status, only the service's few words are wanted; past this the body is ignored. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true };

function declaredLength(response: Response): number | undefined {
  const header = response.headers.get('content-length');
  return header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
}

export async function readBodyCapped(response: Response, maxBytes: number): Promise<BodyRead> {
  const declared = declaredLength(response);
  const body = response.body;
  if (declared !== undefined && declared > maxBytes) {
    await body?.cancel().catch(() => undefined);
    return { ok: false, tooLarge: true };
  }
  if (!body) return { ok: true, text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, tooLarge: true };
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  // As response.text() decodes: UTF-8, a leading BOM dropped, bad bytes replaced.
  return { ok: true, text: new TextDecoder().decode(all) };
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
