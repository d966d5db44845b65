import type pg from 'pg';
import { signedText, type BodyOf } from '../../shared/team/signed-text';
import { nodeTeamCrypto, type SigningKey } from './keys';

/** Who writes: a registered member, with the key the directory knows for them. */
export interface Actor {
  workspaceId: string;
  memberId: string;
  key: SigningKey;
  now: () => number;
}

// Writers of one chain go one at a time (each must know the entry before), for the rest of
// their transaction; the numbers only have to differ between the two chains. team.append_chain
// (migrations/v004-signed-history.ts) takes the same ones.
const LOCKS = { directory: 0x7464_6972, audit: 0x7461_7564 } as const;

/** Waits for, then holds until the transaction ends, the right to append to `chain`. */
export async function lockChain(client: pg.ClientBase, chain: 'directory' | 'audit'): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS[chain]]);
}

/**
 * Appends one signed entry to a hash chain (the directory or the audit) inside the caller's
 * transaction: takes the chain's lock, reads its last entry, and writes the next one naming
 * that entry's hash, signed by `actor`. The workspace takes it only through team.append_chain,
 * which checks it is the next entry and this login's member signs it: nobody can put an entry
 * anywhere else in the chain.
 */
export async function appendToChain<K extends 'directory' | 'audit'>(
  client: pg.ClientBase,
  chain: K,
  actor: Actor,
  make: (base: { workspace: string; seq: number; prev: string; at: string; by: string }) => BodyOf<K>,
): Promise<{ seq: number; text: string }> {
  // Taken again when the caller holds it already: PostgreSQL counts it, and the transaction's end releases both.
  await lockChain(client, chain);
  const last = await client.query<{ seq: string; text: string }>(
    `SELECT seq, text FROM team.${chain} ORDER BY seq DESC LIMIT 1`,
  );
  const before = last.rows[0];
  const seq = before ? Number(before.seq) + 1 : 0;
  const prev = before ? nodeTeamCrypto.sha256Hex(before.text) : '';
  const body = make({
    workspace: actor.workspaceId,
    seq,
    prev,
    at: new Date(actor.now()).toISOString(),
    by: actor.memberId,
  });
  const text = signedText(chain, body);
  await client.query('SELECT team.append_chain($1, $2::bigint[], $3::text[], $4::text[])', [
    chain,
    [seq],
    [text],
    [actor.key.sign(text)],
  ]);
  return { seq, text };
}

export type AuditFields = Pick<BodyOf<'audit'>, 'event' | 'subject' | 'detail'>;

/** One audit entry, in the caller's transaction (so it commits with what it records, or not at all). */
export function appendAudit(client: pg.ClientBase, actor: Actor, entry: AuditFields): Promise<{ seq: number }> {
  return appendToChain(client, 'audit', actor, (base) => ({ ...base, ...entry }));
}

/**
 * Audit entries for a batch (claims, outcomes), chained one after another in the caller's
 * transaction and written in one statement: the chain's lock is held for one read and one write
 * whatever the batch's size, not three round trips per entry.
 */
export async function appendAuditMany(
  client: pg.ClientBase,
  actor: Actor,
  entries: readonly AuditFields[],
): Promise<void> {
  if (entries.length === 0) return;
  await lockChain(client, 'audit');
  const last = await client.query<{ seq: string; text: string }>(
    'SELECT seq, text FROM team.audit ORDER BY seq DESC LIMIT 1',
  );
  const before = last.rows[0];
  let seq = before ? Number(before.seq) + 1 : 0;
  let prev = before ? nodeTeamCrypto.sha256Hex(before.text) : '';
  const at = new Date(actor.now()).toISOString();
  const seqs: number[] = [];
  const texts: string[] = [];
  const signatures: string[] = [];
  for (const entry of entries) {
    const text = signedText('audit', { workspace: actor.workspaceId, seq, prev, at, by: actor.memberId, ...entry });
    seqs.push(seq);
    texts.push(text);
    signatures.push(actor.key.sign(text));
    prev = nodeTeamCrypto.sha256Hex(text);
    seq++;
  }
  await client.query("SELECT team.append_chain('audit', $1::bigint[], $2::text[], $3::text[])", [
    seqs,
    texts,
    signatures,
  ]);
}

/** Every entry of a chain, in order, as stored. */
export async function readChain(
  client: pg.ClientBase | pg.Pool,
  chain: 'directory' | 'audit',
): Promise<{ seq: number; text: string; signature: string }[]> {
  const r = await client.query<{ seq: string; text: string; signature: string }>(
    `SELECT seq, text, signature FROM team.${chain} ORDER BY seq`,
  );
  return r.rows.map((row) => ({ seq: Number(row.seq), text: row.text, signature: row.signature }));
}
