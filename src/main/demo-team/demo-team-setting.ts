import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../profiles/atomic-write';

const FILE = 'demo-team.json';

/**
 * Whether the person runs the Demo with its simulated team (on unless they turned it off in
 * Settings), kept in the app's data folder beside the Demo's other choices. A file that cannot be
 * read counts as on: the Demo as the product shows it.
 */
export async function readDemoTeamSetting(userDataDir: string): Promise<boolean> {
  try {
    const parsed = JSON.parse(await readFile(join(userDataDir, FILE), 'utf8')) as { enabled?: unknown };
    return parsed.enabled !== false;
  } catch {
    return true;
  }
}

export function writeDemoTeamSetting(userDataDir: string, enabled: boolean): Promise<void> {
  return writeFileAtomic(join(userDataDir, FILE), `${JSON.stringify({ enabled })}\n`);
}
