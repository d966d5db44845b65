import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './index';
import { parseInstant } from './world/instant';

const USAGE = `usage: npm run sandbox -- [options]
  --port P               API port (default 4010; 0 = any free port)
  --vault-port V         vault port (default 4011; 0 = any free port)
  --admin-port A         optional admin-only port that stays up while "offline"
  --host H               listen address (default 127.0.0.1)
  --api-key K            API key clients must send (default: generated and printed)
  --seed N               seed of the simulated data (default 42)
  --transactions N       transactions of history (default 3000)
  --page-size N          items per list page (default 50)
  --now T                start the simulated clock at T (ISO 8601 with Z or an offset, or unix ms)
                         instead of the real time; it runs on from there. Same --seed and --now,
                         same data.
  --idempotency-ttl-hours H
                         how long an X-Idempotency-Key is remembered, in hours of simulated time
                         (default 24); a resend after that is a new transfer
  --latency MS           fixed latency added to every response
  --jitter MS            random extra latency in [0, MS]
  --error-rate R         share of requests answered 503 (0..1)
  --rate-limit-rate R    share of requests answered 429 with Retry-After (0..1)
  --retry-after S        seconds in Retry-After (default 1)
  --retry-after-on-503   the 503s carry that Retry-After too
  --drop-before-rate R   share of connections dropped before processing (0..1)
  --drop-after-rate R    share of connections dropped after processing (0..1)
  --offline              start refusing connections (undo with DELETE /__sandbox/faults on --admin-port)`;

class UsageError extends Error {}

/** Drops the options a flag did not give, so that they cannot override the sandbox's defaults. */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function hours(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new UsageError(`--${name} must be a number of hours above 0 and at most ${max}, got "${value}"`);
  return Math.max(1, Math.round(n * 3_600_000));
}

function instant(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseInstant(value);
  if (ms === undefined)
    throw new UsageError(`--${name} must be an ISO 8601 date-time with Z or an offset (or unix ms), got "${value}"`);
  return ms;
}

function int(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function rate(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`--${name} must be a number from 0 to 1, got "${value}"`);
  return n;
}

export function optionsFromArgs(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      'vault-port': { type: 'string' },
      'admin-port': { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      seed: { type: 'string' },
      transactions: { type: 'string' },
      'page-size': { type: 'string' },
      now: { type: 'string' },
      'idempotency-ttl-hours': { type: 'string' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      'error-rate': { type: 'string' },
      'rate-limit-rate': { type: 'string' },
      'retry-after': { type: 'string' },
      'retry-after-on-503': { type: 'boolean' },
      'drop-before-rate': { type: 'string' },
      'drop-after-rate': { type: 'string' },
      offline: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  const faults = definedOnly({
    latencyMs: int('latency', values.latency, 0, 60_000),
    jitterMs: int('jitter', values.jitter, 0, 60_000),
    errorRate: rate('error-rate', values['error-rate']),
    rateLimitRate: rate('rate-limit-rate', values['rate-limit-rate']),
    retryAfterSeconds: int('retry-after', values['retry-after'], 0, 3600),
    retryAfterOn503: values['retry-after-on-503'],
    dropBeforeRate: rate('drop-before-rate', values['drop-before-rate']),
    dropAfterRate: rate('drop-after-rate', values['drop-after-rate']),
    offline: values.offline,
  });
  if (values['api-key'] !== undefined && values['api-key'].trim() === '')
    throw new UsageError('--api-key must not be empty');
  return definedOnly<SandboxOptions>({
    port: int('port', values.port, 0, 65_535) ?? 4010,
    vaultPort: int('vault-port', values['vault-port'], 0, 65_535) ?? 4011,
    adminPort: int('admin-port', values['admin-port'], 0, 65_535),
    host: values.host ?? '127.0.0.1',
    apiKey: values['api-key'],
    seed: int('seed', values.seed, 0, 2 ** 32 - 1),
    transactions: int('transactions', values.transactions, 0, 5_000_000),
    pageSize: int('page-size', values['page-size'], 1, 1000),
    startAt: instant('now', values.now),
    idempotencyTtlMs: hours('idempotency-ttl-hours', values['idempotency-ttl-hours'], 366 * 24),
    faults,
  });
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = optionsFromArgs(process.argv.slice(2));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message) console.error(`sandbox: ${message}`);
    console.error(USAGE);
    process.exit(error instanceof UsageError && !message ? 0 : 2);
  }
  const started = Date.now();
  const sandbox = await startSandbox(options);
  const keyNote = options.apiKey ? '' : ` apiKey=${sandbox.apiKey}`;
  console.log(
    `sandbox ready api=${sandbox.apiUrl} vault=${sandbox.vaultUrl}${sandbox.adminUrl ? ` admin=${sandbox.adminUrl}` : ''}` +
      ` now=${sandbox.world.clock.iso()} transactions=${sandbox.world.transactions.size} seededInMs=${Date.now() - started}${keyNote}`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox stopping (${signal})`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('sandbox: failed to stop cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE')
    console.error(`sandbox: port already in use (${e.message}); pick another with --port / --vault-port`);
  else console.error('sandbox: failed to start:', error);
  process.exit(1);
});
