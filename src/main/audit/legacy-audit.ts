import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { RevealAuditEntry } from '../../shared/ipc';
import { readEntry } from './audit-chain';

/** The one file every profile's reveals went to before the chain: kept, last 1,000 lines, nothing sealed. */
export const LEGACY_AUDIT_FILE = 'card-reveals.jsonl';
/** What it is renamed to once its lines are in the profiles' own files (kept, not deleted). */
export const MIGRATED_SUFFIX = '.migrated';

/** The readable entries of the old file, by profile, in file order; null when there is no such file. */
export async function readLegacyAudit(dir: string): Promise<Map<string, RevealAuditEntry[]> | null> {
  let text: string;
  try {
    text = await readFile(join(dir, LEGACY_AUDIT_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const byProfile = new Map<string, RevealAuditEntry[]>();
  for (const row of text.split('\n')) {
    if (row.trim() === '') continue;
    let entry: RevealAuditEntry | undefined;
    try {
      entry = readEntry(JSON.parse(row));
    } catch {
      // A torn line was skipped by the old reader too: there is no entry in it to keep.
      continue;
    }
    if (!entry) continue;
    const list = byProfile.get(entry.profileId) ?? [];
    list.push(entry);
    byProfile.set(entry.profileId, list);
  }
  return byProfile;
}

/** Sets the old file aside once every line of it is in a profile's file. */
export async function setLegacyAuditAside(dir: string): Promise<void> {
  await rename(join(dir, LEGACY_AUDIT_FILE), join(dir, `${LEGACY_AUDIT_FILE}${MIGRATED_SUFFIX}`));
}
