import { USER_DATA_MAX_BYTES, type JsonObject } from '../../../../shared/service';

export type UserDataInput =
  { ok: true; value: JsonObject | null; bytes: number } | { ok: false; message: string; bytes: number };

const encoder = new TextEncoder();

function bytesOf(text: string): number {
  return encoder.encode(text).length;
}

/**
 * What a person typed as a card's userData: a JSON object of at most 4 KB as the service counts
 * it (the compact JSON that is sent). Empty text means "remove the userData" (null). `bytes` is
 * what the counter beside the field shows while typing: the size that would be sent when the
 * text is valid, the size of the text otherwise.
 */
export function parseUserData(text: string): UserDataInput {
  if (text.trim() === '') return { ok: true, value: null, bytes: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      bytes: bytesOf(text),
      message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}. Write an object such as {"costCenter": "R&D"}.`,
    };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const what = Array.isArray(parsed) ? 'a list' : parsed === null ? 'null' : `a ${typeof parsed}`;
    return {
      ok: false,
      bytes: bytesOf(text),
      message: `userData must be a JSON object ({ … }), not ${what}. Leave the field empty to remove it.`,
    };
  }
  const bytes = bytesOf(JSON.stringify(parsed));
  if (bytes > USER_DATA_MAX_BYTES) {
    return {
      ok: false,
      bytes,
      message: `userData is ${bytes.toLocaleString('en-US')} bytes; the service keeps at most ${USER_DATA_MAX_BYTES.toLocaleString('en-US')}. Remove ${(bytes - USER_DATA_MAX_BYTES).toLocaleString('en-US')} bytes.`,
    };
  }
  return { ok: true, value: parsed as JsonObject, bytes };
}

/** The card's userData as the editor shows it: indented JSON, empty when there is none. */
export function formatUserData(value: JsonObject | undefined): string {
  return value ? JSON.stringify(value, null, 2) : '';
}
