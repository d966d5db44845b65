import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { TEST_NOW } from '../support/sandbox-harness';

const TSX = 'node_modules/.bin/tsx';

function run(args: string[]) {
  const child = spawn(TSX, ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout });
  return { child, lines };
}

/** Waits for the ready line and returns it (rejects if the CLI exits first). */
function readyLine({ child, lines }: ReturnType<typeof run>): Promise<string> {
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<string>((resolve, reject) => {
    lines.on('line', (l) => l.includes('ready') && resolve(l));
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
  });
}

describe('sandbox CLI', () => {
  it('prints one ready line with both URLs, serves, and stops cleanly on SIGTERM', async () => {
    const cli = run([
      '--port',
      '0',
      '--vault-port',
      '0',
      '--api-key',
      'cli-key',
      '--seed',
      '3',
      '--transactions',
      '200',
      '--idempotency-ttl-hours',
      '0.5',
    ]);
    const ready = await readyLine(cli);
    const api = /api=(\S+)/.exec(ready)?.[1];
    const vault = /vault=(\S+)/.exec(ready)?.[1];
    expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(vault).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(vault).not.toBe(api);
    expect((await fetch(`${api}/__sandbox/clock`, { headers: { 'x-api-key': 'cli-key' } })).status).toBe(200);
    expect((await fetch(`${api}/__sandbox/clock`, { headers: { 'x-api-key': 'other' } })).status).toBe(401);
    const settings = await fetch(`${api}/__sandbox/settings`, { headers: { 'x-api-key': 'cli-key' } });
    expect(await settings.json()).toEqual({ idempotencyTtlMs: 1_800_000 });
    cli.child.kill('SIGTERM');
    const [code] = await once(cli.child, 'exit');
    expect(code).toBe(0);
  });

  it('stops cleanly on SIGINT', async () => {
    const cli = run(['--port', '0', '--vault-port', '0', '--transactions', '10']);
    await readyLine(cli);
    cli.child.kill('SIGINT');
    const [code] = await once(cli.child, 'exit');
    expect(code).toBe(0);
  });

  it('refuses a bad flag with a message and exit code 2', async () => {
    const cases = [
      [['--error-rate', '3'], /--error-rate must be a number from 0 to 1/],
      [['--now', '2025-06-15T12:00:00'], /--now must be an ISO 8601 date-time with Z or an offset/],
      [['--idempotency-ttl-hours', '0'], /--idempotency-ttl-hours must be a number of hours above 0/],
    ] as const;
    await Promise.all(
      cases.map(async ([args, message]) => {
        const child = spawn(TSX, ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const [code] = await once(child, 'exit');
        expect(code, stderr).toBe(2);
        expect(stderr).toMatch(message);
      }),
    );
  });

  it('with only the documented flags serves the same world as the in-process sandbox for the same seed and --now', async () => {
    const key = 'cli-same-world';
    const seed = 17;
    // Only the flags of the README's command (plus --now): every other option keeps its default.
    const spawnedAt = Date.now();
    const cli = run([
      '--port',
      '0',
      '--vault-port',
      '0',
      '--api-key',
      key,
      '--seed',
      String(seed),
      '--now',
      new Date(TEST_NOW).toISOString(),
    ]);
    const inProcess = await startSandbox({ seed, apiKey: key, now: () => TEST_NOW });
    try {
      const ready = await readyLine(cli);
      // The clock started at --now and runs on from there: by no more than the real time since the
      // process was started (however long that took).
      const startedMsAgo = Date.parse(/now=(\S+)/.exec(ready)?.[1] ?? '') - TEST_NOW;
      expect(startedMsAgo).toBeGreaterThanOrEqual(0);
      expect(startedMsAgo).toBeLessThanOrEqual(Date.now() - spawnedAt);
      expect(ready).toContain('transactions=3000');
      const api = /api=(\S+)/.exec(ready)?.[1] ?? '';
      const page = async (base: string, path: string) => {
        const res = await fetch(base + path, { headers: { 'x-api-key': key } });
        expect(res.status, path).toBe(200);
        return (await res.json()) as { items: unknown[]; metadata?: { nextCursor?: string; count?: number } };
      };
      for (const path of ['/transaction', '/card', '/virtual-account', '/svc-handle']) {
        const [fromCli, fromProcess] = [await page(api, path), await page(inProcess.apiUrl, path)];
        expect(fromCli.items.length, path).toBeGreaterThan(0);
        expect(fromCli, path).toEqual(fromProcess);
      }
      // The default page size (50) applies: the history fills whole pages.
      expect((await page(api, '/transaction')).items).toHaveLength(50);
    } finally {
      cli.child.kill('SIGTERM');
      await inProcess.close();
    }
    const [code] = await once(cli.child, 'exit');
    expect(code).toBe(0);
  });
});

describe('in-process options', () => {
  it('treats an option given as undefined as not given', async () => {
    const sandbox = await startSandbox({
      seed: undefined,
      transactions: undefined,
      pageSize: undefined,
      now: () => TEST_NOW,
    });
    try {
      const res = await fetch(`${sandbox.apiUrl}/transaction`, { headers: { 'x-api-key': sandbox.apiKey } });
      const body = (await res.json()) as { items: unknown[] };
      expect(body.items).toHaveLength(50);
      expect(sandbox.world.transactions.size).toBe(3000);
    } finally {
      await sandbox.close();
    }
  });
});
