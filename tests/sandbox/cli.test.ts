import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const TSX = 'node_modules/.bin/tsx';

function run(args: string[]) {
  const child = spawn(TSX, ['src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout });
  return { child, lines };
}

describe('sandbox CLI', () => {
  it('prints one ready line with both URLs, serves, and stops cleanly on SIGTERM', async () => {
    const { child, lines } = run(['--port', '0', '--vault-port', '0', '--api-key', 'cli-key', '--seed', '3', '--transactions', '200']);
    const ready = await new Promise<string>((resolve, reject) => {
      lines.on('line', (l) => l.includes('ready') && resolve(l));
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const api = /api=(\S+)/.exec(ready)?.[1];
    const vault = /vault=(\S+)/.exec(ready)?.[1];
    expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(vault).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(vault).not.toBe(api);
    expect((await fetch(`${api}/__sandbox/clock`, { headers: { 'x-api-key': 'cli-key' } })).status).toBe(200);
    expect((await fetch(`${api}/__sandbox/clock`, { headers: { 'x-api-key': 'other' } })).status).toBe(401);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('stops cleanly on SIGINT', async () => {
    const { child, lines } = run(['--port', '0', '--vault-port', '0', '--transactions', '10']);
    await new Promise<void>((resolve) => lines.on('line', (l) => l.includes('ready') && resolve()));
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('refuses a bad flag with a message and exit code 2', async () => {
    const child = spawn(TSX, ['src/sandbox/cli.ts', '--error-rate', '3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toMatch(/--error-rate must be a number from 0 to 1/);
  });
});
