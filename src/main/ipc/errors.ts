import { ProfileValidationError } from '../profiles/profile';
import { ProfileStoreError } from '../profiles/profile-store';
import { SecretStoreError } from '../secrets/secret-store';
import { ServiceError, serviceFailure } from '../service';
import { WorkspaceError } from '../workspace/workspace-error';
import { HandlerError } from '../errors/handler-error';

/** Turns the errors of main's modules into errors the renderer can show (their messages are written for people). */
export function toHandlerError(error: unknown): unknown {
  if (error instanceof HandlerError) return error;
  if (error instanceof ProfileValidationError)
    return new HandlerError('invalid-argument', error.message, { fields: error.fields });
  if (error instanceof ProfileStoreError) {
    const code = error.code === 'not-found' ? 'not-found' : error.code === 'built-in' ? 'conflict' : 'internal';
    return new HandlerError(code, error.message);
  }
  if (error instanceof SecretStoreError) return new HandlerError('keychain-unavailable', error.message);
  if (error instanceof ServiceError)
    return new HandlerError('service', error.message, { service: serviceFailure(error) });
  if (error instanceof WorkspaceError)
    return new HandlerError('workspace', error.message, {
      workspace: { kind: error.kind, retryable: error.retryable },
    });
  return error;
}

/** Told of every failure a handler answers with, after mapping (the app's log). */
export type OnFailure = (channel: string, error: unknown, arg: unknown) => void;

/** Wraps every handler of a table so module errors become HandlerErrors, and `onFailure` hears of each. */
export function mapErrors<T extends Record<string, (arg: never) => Promise<unknown>>>(
  onFailure: OnFailure,
  table: T,
): T {
  const wrapped: Record<string, (arg: never) => Promise<unknown>> = {};
  for (const [name, fn] of Object.entries(table)) {
    wrapped[name] = async (arg: never) => {
      try {
        return await fn(arg);
      } catch (error) {
        const mapped = toHandlerError(error);
        onFailure(name, mapped, arg);
        throw mapped;
      }
    };
  }
  return wrapped as T;
}
