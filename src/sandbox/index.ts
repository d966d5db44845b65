import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './http/app';
import { Faults, type FaultSettingsInput, type LatencyHold } from './http/faults';
import { REQUEST_LOG_CAP, RequestLog } from './http/request-log';
import { registerAdminRoutes } from './routes/admin';
import { routes } from './routes';
import { createWorldAsync, type WorldOptions } from './seed/create-world';
import type { SeedProgress } from './seed/transactions';
import { catchUp } from './simulation/tick';
import type { World } from './world/world';

export interface SandboxOptions extends Partial<WorldOptions> {
  /** Loopback by default: the sandbox is never meant to be reachable from another machine. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  vaultPort?: number;
  /** When set, a third listener serves only `/__sandbox/` (reachable even while "offline"). */
  adminPort?: number;
  /** Generated when omitted. */
  apiKey?: string;
  faults?: FaultSettingsInput;
  /** Check every response against the shared contract (on by default; the benchmark turns it off). */
  validateResponses?: boolean;
  /** Requests the log keeps before the oldest go (`GET /__sandbox/requests`); REQUEST_LOG_CAP by default. */
  requestLogCap?: number;
  /** How far the history's seed is, reported every few thousand rows (a million take seconds). */
  onSeedProgress?: (p: SeedProgress) => void;
  /**
   * How a latency fault holds a request: a timer of that many ms by default. A test passes its
   * own to tell a held request from an answered one without measuring time.
   */
  latencyHold?: LatencyHold;
}

export interface Sandbox {
  apiUrl: string;
  vaultUrl: string;
  /** Only when `adminPort` was given. */
  adminUrl?: string;
  apiKey: string;
  world: World;
  faults: Faults;
  /** Requests that reached the API, vault or admin listener so far. */
  stats: { requests: number };
  /** Every API and vault request with its outcome, as `GET /__sandbox/requests` pages it. */
  requests: RequestLog;
  /** Sets faults (going offline closes the API and vault listeners; coming back reopens them). */
  setFaults(input: FaultSettingsInput): Promise<void>;
  resetFaults(): Promise<void>;
  close(): Promise<void>;
}

function urlOf(app: FastifyInstance, host: string): { url: string; port: number } {
  const { port } = app.server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shown}:${port}`, port };
}

/** Starts the service simulator in this process: the API and the vault on separate ports. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? `sbx_${randomBytes(24).toString('base64url')}`;
  const world = await createWorldAsync(options, options.onSeedProgress);
  const faults = new Faults(Math.random, options.latencyHold);
  const validateResponses = options.validateResponses ?? true;

  let online = true;
  const ports = { api: 0, vault: 0 };
  const listeners: FastifyInstance[] = [];
  const applyOffline = async (offline: boolean): Promise<void> => {
    if (offline === !online) return;
    online = !offline;
    const [api, vault] = listeners as [FastifyInstance, FastifyInstance];
    if (offline) {
      for (const app of [api, vault]) {
        await new Promise<void>((resolve) => {
          app.server.close(() => resolve());
          app.server.closeAllConnections();
        });
      }
    } else {
      await new Promise<void>((resolve, reject) => {
        api.server.once('error', reject);
        api.server.listen(ports.api, host, () => resolve());
      });
      await new Promise<void>((resolve, reject) => {
        vault.server.once('error', reject);
        vault.server.listen(ports.vault, host, () => resolve());
      });
    }
  };
  const requests = new RequestLog(options.requestLogCap ?? REQUEST_LOG_CAP);
  const admin = registerAdminRoutes({ world, faults, applyOffline, requests });
  const stats = { requests: 0 };
  const common = { world, faults, apiKey, routes, validateResponses, stats, requests };
  const api = buildApp({ ...common, role: 'api', admin });
  const vault = buildApp({ ...common, role: 'vault' });
  listeners.push(api, vault);
  await api.listen({ host, port: options.port ?? 0 });
  await vault.listen({ host, port: options.vaultPort ?? 0 });
  const apiAddr = urlOf(api, host);
  const vaultAddr = urlOf(vault, host);
  ports.api = apiAddr.port;
  ports.vault = vaultAddr.port;

  let adminApp: FastifyInstance | undefined;
  if (options.adminPort !== undefined) {
    adminApp = buildApp({ ...common, role: 'admin', admin });
    await adminApp.listen({ host, port: options.adminPort });
  }

  const setFaults = async (input: FaultSettingsInput) => {
    const s = faults.set(input);
    await applyOffline(s.offline);
  };
  if (options.faults) await setFaults(options.faults);

  // Real time moves too: pending items settle and commissions fall due while a demo runs.
  const ticker = setInterval(() => catchUp(world), 60_000);
  ticker.unref();

  let closed = false;
  return {
    apiUrl: apiAddr.url,
    vaultUrl: vaultAddr.url,
    ...(adminApp ? { adminUrl: urlOf(adminApp, host).url } : {}),
    apiKey,
    world,
    faults,
    stats,
    requests,
    setFaults,
    resetFaults: async () => {
      faults.reset();
      await applyOffline(false);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(ticker);
      if (!online) await applyOffline(false);
      // Closing ends the world: a request still being answered (one whose client gave up while a
      // latency fault held it) must not keep the simulator alive, so every connection is cut.
      const apps = [api, vault, ...(adminApp ? [adminApp] : [])];
      const closing = Promise.all(apps.map((a) => a.close()));
      for (const a of apps) a.server.closeAllConnections();
      await closing;
    },
  };
}

export type { FaultSettings, FaultSettingsInput, LatencyHold } from './http/faults';
export type { LoggedRequest, RequestLogPage } from './http/request-log';
export type { World } from './world/world';
export type { SeedProgress } from './seed/transactions';
