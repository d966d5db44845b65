import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { serviceUrlProblem } from '../../shared/service-url';
import { UpdateRefused, UpdateUnreachable } from './refusal';

/** Without a size in the feed, no artifact larger than this is accepted (an installer is ~150 MB). */
const MAX_ARTIFACT_BYTES = 1024 * 1024 * 1024;

export interface Artifact {
  url: string;
  sha512: string;
  size: number | null;
}

/** Resolves the feed's file against the feed's address; only https (or http on this machine) is fetched. */
export function artifactUrl(feedBase: string, relative: string): URL {
  const url = new URL(relative, feedBase);
  const problem = serviceUrlProblem(url.href);
  if (problem) throw new UpdateUnreachable(`The update's download address ${url.href} is not usable: ${problem}.`);
  return url;
}

/** A file name of our own choosing from the URL's last segment: nothing in it can leave `dir`. */
function localName(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const safe = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return safe.length > 0 ? safe.slice(0, 200) : 'update';
}

/**
 * Downloads the artifact into `dir` while hashing it, and keeps it only if its SHA-512 (base64,
 * as electron-builder writes it) and size are the feed's: a partial or different file is deleted
 * and refused. Answers with the file's path and size.
 */
export async function downloadArtifact(
  artifact: Artifact,
  url: URL,
  version: string,
  dir: string,
  fetchImpl: typeof fetch,
): Promise<{ file: string; size: number }> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, localName(url));
  const partial = `${target}.partial`;
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (error) {
    throw new UpdateUnreachable(`The update could not be downloaded from ${url.href} (${(error as Error).message}).`);
  }
  if (!response.ok || !response.body)
    throw new UpdateUnreachable(`The update server answered ${response.status} for ${url.href}.`);
  const limit = artifact.size ?? MAX_ARTIFACT_BYTES;
  const hash = createHash('sha512');
  const out = createWriteStream(partial, { mode: 0o600 });
  let bytes = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > limit)
        throw new UpdateRefused(
          'size',
          version,
          `The download of version ${version} grew past the ${limit} bytes its feed names: it was stopped, deleted and not offered.`,
        );
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
  } catch (error) {
    out.destroy();
    await unlink(partial).catch(() => undefined);
    if (error instanceof UpdateRefused) throw error;
    throw new UpdateUnreachable(
      `The download of version ${version} broke off (${(error as Error).message}); it is tried again at the next check.`,
    );
  }
  const digest = hash.digest('base64');
  if (digest !== artifact.sha512 || (artifact.size !== null && bytes !== artifact.size)) {
    await unlink(partial).catch(() => undefined);
    throw new UpdateRefused(
      'hash',
      version,
      `The download of version ${version} does not match the SHA-512 its feed names: it was deleted and not offered. The file may have been damaged or replaced on the way; tell whoever runs your update server if this happens again.`,
    );
  }
  await rename(partial, target);
  return { file: target, size: bytes };
}
