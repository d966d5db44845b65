import { expect } from 'vitest';
import { ServiceError } from '../../src/main/service';
import { ErrorBody } from '../../src/shared/service';

/**
 * Asserts an error answer of the service (or the sandbox): the status and the reference error
 * body, with a message. `match` narrows it: a string is the error's identifier, a RegExp what
 * its message says.
 */
export function expectError(
  res: { status: number; body: unknown },
  status: number,
  match?: string | RegExp,
): ErrorBody {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body.rawStatus).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  if (typeof match === 'string') expect(body.identifier).toBe(match);
  else if (match) expect(body.message).toMatch(match);
  return body;
}

/** The ServiceError a call rejects with; anything else (or no rejection) fails the test. */
export async function caught(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}
