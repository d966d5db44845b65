import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/shared/service';
import { clientForFile } from '../support/sandbox-harness';

const c = clientForFile();

describe('sandbox HTTP framework', () => {
  it('refuses a request without X-API-Key with 401 and the error body', async () => {
    const res = await fetch(`${c.sandbox.apiUrl}/card`);
    expect(res.status).toBe(401);
    const body = ErrorBody.parse(await res.json());
    expect(body.rawStatus).toBe(401);
    expect(body.identifier).toBe('MISSING_API_KEY');
  });

  it('refuses a wrong key on the API, the vault and the admin routes', async () => {
    for (const [base, path] of [
      [c.sandbox.apiUrl, '/card'],
      [c.sandbox.vaultUrl, '/card/x'],
      [c.sandbox.apiUrl, '/__sandbox/ledger'],
    ] as const) {
      const res = await fetch(base + path, { headers: { 'x-api-key': 'wrong' } });
      expect(res.status, base + path).toBe(401);
      expect(ErrorBody.parse(await res.json()).identifier).toBe('INVALID_API_KEY');
    }
  });

  it('answers unknown routes with 404 and the error body', async () => {
    const res = await c.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).rawStatus).toBe(404);
  });

  it('serves only the card read on the vault host', async () => {
    const res = await c.call('GET', '/transaction', { host: 'vault' });
    expect(res.status).toBe(404);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await c.call('POST', '/card-group', { rawBody: '{"name": ' });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).message).toMatch(/not valid JSON/);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await c.call('POST', '/card-group', { rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(ErrorBody.parse(res.body).rawStatus).toBe(413);
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await c.call('POST', '/card-group', { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
  });

  it('answers a JSON array body with 400', async () => {
    const res = await c.call('POST', '/card-group', { body: [1, 2] });
    expect(res.status).toBe(400);
  });
});
