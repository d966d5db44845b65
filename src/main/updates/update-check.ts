import { feedFileName, parseFeed, type UpdateFeed } from './feed';
import { feedSignatureValid } from './feed-signature';
import { UpdateRefused, UpdateUnreachable } from './refusal';
import { inRollout } from './rollout';
import { compareVersions, parseVersion } from './versions';

/** A feed file is a few hundred bytes; anything past this is not one. */
const MAX_FEED_BYTES = 1024 * 1024;

export interface FeedCheck {
  feedBase: string;
  platform: string;
  currentVersion: string;
  publicKey: string;
  bucket: number;
  /** The signing time of the newest feed believed before (freshness.ts). */
  newestSeen: number | null;
  fetch: typeof fetch;
}

/** What a check found: nothing newer, or an update worth downloading (`wayBack`: the feed sends installs back to it). */
export type CheckOutcome =
  | { kind: 'none'; reason: 'current' | 'not-in-rollout'; feed: UpdateFeed }
  | { kind: 'offer'; feed: UpdateFeed; feedText: Uint8Array; wayBack: boolean };

async function readBytes(url: URL, fetchImpl: typeof fetch, what: string): Promise<Uint8Array | null> {
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (error) {
    throw new UpdateUnreachable(`The update ${what} at ${url.href} could not be read (${(error as Error).message}).`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new UpdateUnreachable(`The update server answered ${response.status} for ${url.href}.`);
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength > MAX_FEED_BYTES)
    throw new UpdateUnreachable(`The update ${what} at ${url.href} is larger than a feed can be.`);
  return body;
}

/**
 * Whether the feed's version is for this install: a newer one is; the same one is not; an older
 * one only when the feed names it as its floor, which is how a company withdraws a release and
 * sends every install back.
 */
export function decide(feed: UpdateFeed, currentVersion: string): { offer: boolean; wayBack: boolean } {
  const current = parseVersion(currentVersion);
  if (!current) throw new Error(`This app's own version "${currentVersion}" is not a version number.`);
  const order = compareVersions(feed.parsedVersion, current);
  if (order > 0) return { offer: true, wayBack: false };
  if (order === 0) return { offer: false, wayBack: false };
  const floor = feed.floor === null ? null : parseVersion(feed.floor);
  // A way back needs the feed's signing time: without it, an old feed served again could not be told apart.
  const named = floor !== null && compareVersions(floor, feed.parsedVersion) === 0;
  if (named && feed.signedAt !== null) return { offer: true, wayBack: true };
  throw new UpdateRefused(
    'older',
    feed.version,
    named
      ? `The update feed sends installs back to version ${feed.version} but carries no signing time (signedAt, which scripts/sign-feed.mjs writes): it was not offered.`
      : `The update feed offers version ${feed.version}, older than this one (${currentVersion}), and does not name it as the floor to go back to: it was not offered.`,
  );
}

/**
 * Reads this platform's feed and its signature, and decides: the signature is checked against the
 * key built into the app before anything in the feed is believed, then the version, then the
 * staged rollout. Throws UpdateRefused (with the reason) or UpdateUnreachable.
 */
export async function checkFeed(c: FeedCheck): Promise<CheckOutcome> {
  const feedUrl = new URL(feedFileName(c.platform), c.feedBase);
  const signatureUrl = new URL(`${feedFileName(c.platform)}.sig`, c.feedBase);
  const feedText = await readBytes(feedUrl, c.fetch, 'feed');
  if (!feedText) throw new UpdateUnreachable(`There is no update feed at ${feedUrl.href} (404).`);
  const signature = await readBytes(signatureUrl, c.fetch, 'signature');
  if (!signature)
    throw new UpdateRefused(
      'unsigned',
      null,
      `The update feed at ${feedUrl.href} has no signature (${signatureUrl.href}): nothing was downloaded. Releases are signed with the company's update key (docs/packaging.md).`,
    );
  if (!feedSignatureValid(feedText, new TextDecoder().decode(signature), c.publicKey))
    throw new UpdateRefused(
      'signature',
      null,
      `The update feed's signature does not match the key built into this app: nothing was downloaded. Someone without the signing key may have changed the feed; tell whoever runs your update server.`,
    );
  const feed = parseFeed(new TextDecoder().decode(feedText), c.platform);
  if (feed.signedAt !== null && c.newestSeen !== null && feed.signedAt < c.newestSeen)
    throw new UpdateRefused(
      'replayed',
      feed.version,
      `The update feed was signed at ${new Date(feed.signedAt).toISOString()}, before one this app has already read (${new Date(c.newestSeen).toISOString()}): an old feed served again is not believed, and nothing was downloaded. Tell whoever runs your update server.`,
    );
  const { offer, wayBack } = decide(feed, c.currentVersion);
  if (!offer) return { kind: 'none', reason: 'current', feed };
  if (!inRollout(c.bucket, feed.stagingPercentage)) return { kind: 'none', reason: 'not-in-rollout', feed };
  return { kind: 'offer', feed, feedText, wayBack };
}
