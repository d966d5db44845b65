import { createHash } from 'node:crypto';
import type { TeamCrypto } from '../../shared/team/model';

/** Checks remembered at most: about 20 MB of keys, several queues of thousands of rows read whole. */
const REMEMBERED = 100_000;

/**
 * A signature check that remembers its answers. Every read of the queue judges every open row
 * again, and nearly all of its statements (drafts, decisions, the directory) are the ones judged
 * the read before: an Ed25519 check costs a fraction of a millisecond, so a thousand rows with
 * two approvals each cost seconds per read without this. An answer is remembered under the public
 * key, the signature and the SHA-256 of the exact text, so any change to any of them is checked
 * afresh. Bounded: past `max` answers the oldest are forgotten first.
 */
export function rememberingVerify(check: TeamCrypto['verify'], max = REMEMBERED): TeamCrypto['verify'] {
  const answers = new Map<string, boolean>();
  return (publicKey, text, signature) => {
    const id = `${publicKey} ${signature} ${createHash('sha256').update(text, 'utf8').digest('base64')}`;
    const known = answers.get(id);
    if (known !== undefined) return known;
    const answer = check(publicKey, text, signature);
    if (answers.size >= max) answers.delete(answers.keys().next().value as string);
    answers.set(id, answer);
    return answer;
  };
}
