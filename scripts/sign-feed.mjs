// Signs an update feed for release (docs/packaging.md, "Updates"): writes `<feed>.sig`, the
// Ed25519 signature over the feed's exact bytes that the app checks against the public key built
// into it (src/main/updates/update-key.ts) before it believes anything in the feed.
//
//   node scripts/sign-feed.mjs keygen <private-key-file>
//       makes a key pair: the private key goes to the file (never into the repository), the
//       public key is printed to paste into src/main/updates/update-key.ts.
//   node scripts/sign-feed.mjs <feed.yml>... [--key <private-key-file>] [--expect-public <pem-file>]
//       adds the signing time to each feed (signedAt) and signs it. The private key comes from
//       --key, else the file named by UPDATE_SIGNING_KEY_FILE, else the PEM text in
//       UPDATE_SIGNING_KEY (a CI secret). Nothing is signed unless the key's public half is the
//       app's (or the one in --expect-public), so a release is never signed with a key the app
//       would refuse.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appKeyFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main', 'updates', 'update-key.ts');

function fail(message) {
  console.error(`sign-feed: ${message}`);
  process.exit(1);
}

const pemOf = (text) => /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(text)?.[0];

async function keygen(path) {
  if (!path) fail('keygen needs the file to write the private key to.');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // 'wx': an existing key is never overwritten (it may be the one every install trusts).
  await writeFile(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 }).catch((e) =>
    fail(`could not write ${path} (${e.message}); an existing key file is never replaced.`),
  );
  console.log(`Private key written to ${path}. Keep it out of the repository; back it up.`);
  console.log('Public key for src/main/updates/update-key.ts:\n');
  console.log(publicKey.export({ type: 'spki', format: 'pem' }));
}

async function signFeeds(args) {
  const feeds = [];
  let keyFile = process.env.UPDATE_SIGNING_KEY_FILE;
  let expectFile;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--key') keyFile = args[++i];
    else if (args[i] === '--expect-public') expectFile = args[++i];
    else feeds.push(args[i]);
  }
  if (feeds.length === 0) fail('name the feed files to sign (latest.yml, latest-mac.yml, latest-linux.yml).');
  const keyText = keyFile ? await readFile(keyFile, 'utf8') : process.env.UPDATE_SIGNING_KEY;
  if (!keyText) fail('no private key: pass --key <file>, or set UPDATE_SIGNING_KEY_FILE or UPDATE_SIGNING_KEY.');
  const privateKey = createPrivateKey(keyText);
  if (privateKey.asymmetricKeyType !== 'ed25519') fail('the signing key is not an Ed25519 key.');
  const expected = pemOf(await readFile(expectFile ?? appKeyFile, 'utf8'));
  if (!expected) fail(`no public key found in ${expectFile ?? appKeyFile}.`);
  const ours = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (!ours.equals(createPublicKey(expected).export({ type: 'spki', format: 'der' })))
    fail(
      `this key's public half is not the one in ${expectFile ?? appKeyFile}: the app would refuse the feed. Nothing was signed.`,
    );
  const signedAt = new Date().toISOString();
  for (const feed of feeds) {
    // The signing time goes into the feed itself (a line electron-updater ignores): the app refuses
    // a feed signed before the newest it has read, so an old one served again is not believed.
    const text = (await readFile(feed, 'utf8')).replace(/^signedAt:.*\n?/m, '');
    const bytes = Buffer.from(`${text.endsWith('\n') ? text : `${text}\n`}signedAt: '${signedAt}'\n`);
    await writeFile(feed, bytes);
    const signature = sign(null, bytes, privateKey);
    if (!verify(null, bytes, createPublicKey(expected), signature)) fail(`the signature of ${feed} does not verify.`);
    await writeFile(`${feed}.sig`, `${signature.toString('base64')}\n`);
    console.log(`${feed}.sig written`);
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'keygen') await keygen(rest[0]);
else await signFeeds([command, ...rest].filter((a) => a !== undefined));
