import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { startStub } from './service-client-helpers';

/**
 * An update feed served over real HTTP on loopback, as a company's server would serve it:
 * electron-builder's latest.yml (written here by hand, apart from the app's reader), the
 * artifact, and our `.sig` beside the feed. The key pair is made per test run; its private half
 * never leaves the test's memory.
 */
export interface FeedKeys {
  publicKeyPem: string;
  privateKey: KeyObject;
  /** Base64 of the Ed25519 signature over `bytes`, as scripts/sign-feed.mjs writes it. */
  sign(bytes: Uint8Array | string): string;
}

export function feedKeys(): FeedKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
    sign: (bytes) => sign(null, typeof bytes === 'string' ? Buffer.from(bytes) : bytes, privateKey).toString('base64'),
  };
}

export const sha512Base64 = (bytes: Uint8Array): string => createHash('sha512').update(bytes).digest('base64');

export interface Release {
  version: string;
  fileName: string;
  /** The artifact's bytes as served. */
  bytes: Uint8Array;
  /** What the feed says the SHA-512 is; the served bytes' own when omitted. */
  sha512?: string;
  stagingPercentage?: number;
  floor?: string;
  releaseNotes?: string;
  /** When the feed says it was signed (ISO); a fixed instant unless a test needs another, null for none. */
  signedAt?: string | null;
}

/** The feed's text as electron-builder writes it (plus `floor` when given). */
export function feedYaml(r: Release): string {
  const sha512 = r.sha512 ?? sha512Base64(r.bytes);
  return [
    `version: ${r.version}`,
    'files:',
    `  - url: ${r.fileName}`,
    `    sha512: ${sha512}`,
    `    size: ${r.bytes.byteLength}`,
    `path: ${r.fileName}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-20T10:00:00.000Z'`,
    ...(r.releaseNotes !== undefined ? [`releaseNotes: ${JSON.stringify(r.releaseNotes)}`] : []),
    ...(r.stagingPercentage !== undefined ? [`stagingPercentage: ${r.stagingPercentage}`] : []),
    ...(r.floor !== undefined ? [`floor: ${r.floor}`] : []),
    ...(r.signedAt === null ? [] : [`signedAt: '${r.signedAt ?? '2026-11-21T09:00:00.000Z'}'`]),
    '',
  ].join('\n');
}

export interface FeedServer {
  /** The feed's folder, with its trailing slash. */
  url: string;
  /** Paths asked for, in order. */
  asked: string[];
  put(path: string, body: Uint8Array | string): void;
  remove(path: string): void;
  /** Serves `release` under `feedName`, signed by `signer` (or with `signature` as the .sig when given). */
  publish(release: Release, signer: FeedKeys, opts?: { feedName?: string; signature?: string }): void;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, Uint8Array>();
  const asked: string[] = [];
  const stub = await startStub((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/feed\//, '');
    asked.push(path);
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.byteLength }).end(body);
  });
  const put = (path: string, body: Uint8Array | string) =>
    files.set(path, typeof body === 'string' ? Buffer.from(body) : body);
  return {
    url: `${stub.url}/feed/`,
    asked,
    put,
    remove: (path) => files.delete(path),
    publish: (release, signer, opts = {}) => {
      const name = opts.feedName ?? 'latest.yml';
      const text = feedYaml(release);
      put(name, text);
      put(`${name}.sig`, `${opts.signature ?? signer.sign(text)}\n`);
      put(release.fileName, release.bytes);
    },
    close: stub.close,
  };
}
