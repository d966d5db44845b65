import { FAILSAFE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import { parseVersion, type Version } from './versions';

/**
 * electron-builder's update feed (latest.yml, latest-mac.yml, latest-linux.yml) as the app reads
 * it, with two additions: `floor`, the version the company sends every install back to when a
 * release must be withdrawn (see `decide` in update-check.ts), and `signedAt`, which
 * scripts/sign-feed.mjs writes so that an old feed served again can be told from a new one. The feed's signature is a file of
 * its own beside it (`<feed>.sig`), over the feed's exact bytes, so no field is left out of it.
 */
export interface UpdateFeed {
  version: string;
  parsedVersion: Version;
  /** The artifact this platform installs: its URL relative to the feed, its SHA-512 (base64) and size. */
  artifact: { url: string; sha512: string; size: number | null };
  releaseDate: string | null;
  releaseNotes: string;
  /** 0 to 100; null when the feed has none (everyone). */
  stagingPercentage: number | null;
  floor: string | null;
  /** When the feed was signed (ms), by the signer's clock; null in a feed signed without it. */
  signedAt: number | null;
}

/** The feed's file name on each platform, as electron-builder names it. */
export function feedFileName(platform: string): string {
  if (platform === 'darwin') return 'latest-mac.yml';
  if (platform === 'linux') return 'latest-linux.yml';
  return 'latest.yml';
}

/** What each platform installs from a feed's files (Squirrel.Mac takes the zip, not the dmg). */
const INSTALLABLE: Record<string, string> = { win32: '.exe', darwin: '.zip', linux: '.AppImage' };

// The failsafe schema reads every scalar as text: `version: 1.10` stays "1.10", never the number 1.1.
const text = z.string().trim().min(1).max(2000);
const number = text.regex(/^\d+(\.\d+)?$/).transform(Number);
const fileSchema = z.object({ url: text, sha512: text, size: number.optional() });
const feedSchema = z.object({
  version: text,
  files: z.array(fileSchema).max(50).optional(),
  path: text.optional(),
  sha512: text.optional(),
  releaseDate: text.optional(),
  releaseName: text.optional(),
  releaseNotes: z.string().max(100_000).optional(),
  stagingPercentage: number.optional(),
  floor: text.optional(),
  signedAt: text.optional(),
});

/** An error whose message says what is wrong with the feed, for the person and the log. */
export class FeedProblem extends Error {}

/** Reads a feed's text; a FeedProblem says what is missing or malformed. */
export function parseFeed(source: string, platform: string): UpdateFeed {
  let raw: unknown;
  try {
    raw = load(source, { schema: FAILSAFE_SCHEMA });
  } catch (error) {
    throw new FeedProblem(
      `The update feed is not valid YAML (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const parsed = feedSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedProblem(
      `The update feed is malformed: ${issue ? `${issue.path.join('.') || 'its top'}: ${issue.message}` : 'unreadable'}.`,
    );
  }
  const feed = parsed.data;
  const parsedVersion = parseVersion(feed.version);
  if (!parsedVersion) throw new FeedProblem(`The update feed's version "${feed.version}" is not a version number.`);
  if (feed.floor !== undefined && !parseVersion(feed.floor))
    throw new FeedProblem(`The update feed's floor "${feed.floor}" is not a version number.`);
  if (feed.stagingPercentage !== undefined && feed.stagingPercentage > 100)
    throw new FeedProblem(`The update feed's stagingPercentage ${feed.stagingPercentage} is above 100.`);
  const signedAt = feed.signedAt === undefined ? null : Date.parse(feed.signedAt);
  if (signedAt !== null && Number.isNaN(signedAt))
    throw new FeedProblem(`The update feed's signedAt "${feed.signedAt}" is not a date and time.`);
  const ending = INSTALLABLE[platform];
  const files = feed.files ?? (feed.path && feed.sha512 ? [{ url: feed.path, sha512: feed.sha512 }] : []);
  const file = files.find((f) => ending !== undefined && f.url.endsWith(ending)) ?? files[0];
  if (!file) throw new FeedProblem('The update feed names no file to download.');
  return {
    version: feed.version,
    parsedVersion,
    artifact: {
      url: file.url,
      sha512: file.sha512,
      size: 'size' in file && file.size !== undefined ? file.size : null,
    },
    releaseDate: feed.releaseDate ?? null,
    releaseNotes: feed.releaseNotes ?? feed.releaseName ?? '',
    stagingPercentage: feed.stagingPercentage ?? null,
    floor: feed.floor ?? null,
    signedAt,
  };
}
