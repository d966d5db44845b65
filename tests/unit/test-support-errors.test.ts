import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/main/service';
import { startClient, type Client, type Reply } from '../support/sandbox-harness';
import { caught, expectError } from '../support/errors';

// The shared helpers must be able to fail: a check that always passes would hide every refusal it stands for.
let c: Client;
let notFound: Reply<unknown>;
beforeAll(async () => {
  c = await startClient({ transactions: 5 });
  notFound = await c.get('/transaction/txn_nope');
});
afterAll(() => c.close());

describe('expectError', () => {
  it('passes on the expected status, identifier or message, and returns the body', () => {
    expect(expectError(notFound, 404).message).toMatch(/txn_nope/);
    expectError(notFound, 404, 'NOT_FOUND');
    expectError(notFound, 404, /txn_nope/);
  });

  it('fails on another status, identifier, message, or a body that is not the error body', () => {
    expect(() => expectError(notFound, 400)).toThrow();
    expect(() => expectError(notFound, 404, 'ACCOUNT_CLOSED')).toThrow();
    expect(() => expectError(notFound, 404, /card/)).toThrow();
    expect(() => expectError({ status: 404, body: { message: 'no rawStatus' } }, 404)).toThrow();
    expect(() => expectError({ status: 404, body: { ...(notFound.body as object), message: '' } }, 404)).toThrow();
  });
});

describe('caught', () => {
  it('returns the ServiceError a call rejects with', async () => {
    const error = new ServiceError({
      kind: 'network',
      endpoint: 'getCard',
      message: 'The service did not answer.',
      sentRequest: false,
    });
    await expect(caught(Promise.reject(error))).resolves.toBe(error);
  });

  it('fails when the call resolves or rejects with something else', async () => {
    await expect(caught(Promise.resolve(1))).rejects.toThrow('expected a ServiceError');
    await expect(caught(Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
  });
});
