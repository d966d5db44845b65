import type { ConnectionCheck, ConnectionTestResult } from '../shared/ipc';
import { displayAddress } from '../shared/service-url';
import { createServiceClient, ServiceError } from './service';

function failure(e: unknown, host: 'service' | 'vault'): ConnectionCheck {
  if (!(e instanceof ServiceError)) return { ok: false, message: `The ${host} could not be checked.` };
  if (e.status === 401 || e.status === 403) {
    return {
      ok: false,
      status: e.status,
      message: `The API key was refused by the ${host} (${e.status}). Check the key.`,
    };
  }
  if (e.kind === 'network')
    return { ok: false, message: `The ${host} is unreachable. Check the URL and your network.` };
  if (e.kind === 'timeout') return { ok: false, message: `The ${host} did not answer in time.` };
  return { ok: false, ...(e.status !== undefined ? { status: e.status } : {}), message: e.message };
}

/**
 * Checks a base URL, a vault URL and a key before they are saved: the API with a cheap read,
 * the vault with a card read that must answer 404 (it is up and took the key) for a card
 * that cannot exist.
 */
export async function testConnection(
  baseUrl: string,
  vaultUrl: string,
  apiKey: string,
  timeoutMs = 10_000,
): Promise<ConnectionTestResult> {
  const client = createServiceClient({ baseUrl, vaultUrl, getApiKey: () => apiKey, timeoutMs, readRetries: 0 });
  const probe = await client.probe();
  // The host as it really is (ASCII, punycode for a look-alike), where the person confirms it.
  const api: ConnectionCheck = probe.ok
    ? { ok: true, message: `Connected to ${displayAddress(baseUrl)}: the service accepted the key.` }
    : failure(probe.error, 'service');
  let vault: ConnectionCheck;
  try {
    await client.getCard({ params: { cardId: 'connection-test-no-such-card' }, vault: true });
    vault = { ok: true, message: `Connected to the vault at ${displayAddress(vaultUrl)}.` };
  } catch (e) {
    vault =
      e instanceof ServiceError && e.status === 404
        ? { ok: true, message: `Connected to ${displayAddress(vaultUrl)}: the vault accepted the key.` }
        : failure(e, 'vault');
  }
  return { api, vault };
}
