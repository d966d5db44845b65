import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serviceUrlProblem } from '../../shared/service-url';

export const FEED_FILE_NAME = 'update-feed.json';

/**
 * The public build's feed: the GitHub releases named by `publish` in electron-builder.yml
 * (tests/unit/updates-feed-source.test.ts holds the two to the same owner and repository).
 */
export const PUBLIC_FEED = { provider: 'github', owner: 'treasury-desktop', repo: 'treasury-desktop' } as const;

export const PUBLIC_FEED_URL = `https://github.com/${PUBLIC_FEED.owner}/${PUBLIC_FEED.repo}/releases/latest/download/`;

/** A feed location that cannot be used; its message says where it came from and what to fix. */
export class FeedSourceProblem extends Error {}

/**
 * Where updates come from: the company's own server when `<data folder>/update-feed.json` names
 * one (`{ "url": "https://updates.example.com/treasury/" }`, put there by whoever installs the
 * app), the public build's GitHub releases otherwise. The address follows the rule for a service
 * address (https, or http on this machine only). Always ends with a slash: the feed's files are
 * resolved against it.
 */
export async function feedBaseUrl(dataDir: string): Promise<string> {
  const path = join(dataDir, FEED_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return PUBLIC_FEED_URL;
    throw new FeedSourceProblem(`The update feed setting in ${path} could not be read (${(error as Error).message}).`);
  }
  let url: unknown;
  try {
    url = (JSON.parse(text) as { url?: unknown } | null)?.url;
  } catch {
    url = undefined;
  }
  if (typeof url !== 'string')
    throw new FeedSourceProblem(
      `${path} should hold {"url": "https://…"}; no update was looked for. Correct or remove it.`,
    );
  const problem = serviceUrlProblem(url.trim());
  if (problem) throw new FeedSourceProblem(`The update feed address in ${path} is not usable: ${problem}.`);
  return url.trim().endsWith('/') ? url.trim() : `${url.trim()}/`;
}
