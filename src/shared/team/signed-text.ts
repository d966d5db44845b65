import type { z } from 'zod';
import { canonicalJson } from '../canonical-json';
import { AuditBody, DecisionBody, DirectoryBody, DraftBody, JoinBody, RowEventBody } from './model';

/**
 * The exact text a member signs: one line naming what it is, then the body's canonical JSON.
 *
 *   treasury-team/1 <kind>\n<canonical JSON of the body>
 *
 * signed as its UTF-8 bytes. The first line keeps a signature over one kind of statement from
 * being read as another (a draft as a decision); the body names the workspace, so a signature
 * from one workspace means nothing in another.
 */
export const SIGNED_PREFIX = 'treasury-team/1';

const BODIES = {
  directory: DirectoryBody,
  draft: DraftBody,
  decision: DecisionBody,
  audit: AuditBody,
  join: JoinBody,
  row: RowEventBody,
} as const;
export type SignedKind = keyof typeof BODIES;
export type BodyOf<K extends SignedKind> = z.infer<(typeof BODIES)[K]>;

export function signedText<K extends SignedKind>(kind: K, body: BodyOf<K>): string {
  return `${SIGNED_PREFIX} ${kind}\n${canonicalJson(body)}`;
}

export type ReadSigned<K extends SignedKind> = { ok: true; body: BodyOf<K> } | { ok: false; problem: string };

/**
 * The body of a signed text of `kind`, or what is wrong with it. Only the text a signer would
 * have written is accepted: its first line, its JSON in canonical form (a text that parses to
 * the same values but was written otherwise is someone else's text), a body of the right shape.
 */
export function readSignedText<K extends SignedKind>(kind: K, text: string): ReadSigned<K> {
  const head = `${SIGNED_PREFIX} ${kind}\n`;
  if (!text.startsWith(head)) return { ok: false, problem: `it is not a ${kind} statement` };
  const json = text.slice(head.length);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problem: 'its text cannot be read' };
  }
  if (canonicalJson(value) !== json) return { ok: false, problem: 'its text is not written the way the app writes it' };
  const parsed = BODIES[kind].safeParse(value);
  if (!parsed.success)
    return { ok: false, problem: `its content is not valid (${parsed.error.issues[0]?.message ?? 'unknown'})` };
  return { ok: true, body: parsed.data as BodyOf<K> };
}
