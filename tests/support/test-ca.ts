import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A certificate authority of the test's own and a server certificate it signed for one IP
 * address, made with the openssl command: what a company's private CA gives its database server.
 */
export async function testCertificates(ip: string): Promise<{ caCert: string; cert: string; key: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'treasury-ca-'));
  try {
    const at = (name: string) => join(dir, name);
    const openssl = (...args: string[]) => run('openssl', args);
    await openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=Treasury test CA',
      '-keyout',
      at('ca.key'),
      '-out',
      at('ca.crt'),
    );
    await openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${ip}`,
      '-keyout',
      at('server.key'),
      '-out',
      at('server.csr'),
    );
    await writeFile(at('ext'), `subjectAltName=IP:${ip}\n`);
    await openssl(
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.crt'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      at('ext'),
      '-out',
      at('server.crt'),
    );
    const [caCert, cert, key] = await Promise.all(
      ['ca.crt', 'server.crt', 'server.key'].map((n) => readFile(at(n), 'utf8')),
    );
    return { caCert: caCert as string, cert: cert as string, key: key as string };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An IPv4 address of this machine that is not loopback (the address a remote desktop would use). */
export async function nonLoopbackAddress(): Promise<string> {
  const { networkInterfaces } = await import('node:os');
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error(
    'This machine has no network address other than loopback: the TLS rule cannot be tried against a remote address here.',
  );
}
