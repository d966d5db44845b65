import type { IpcError } from '../../shared/ipc';
import { HandlerError } from '../errors/handler-error';
import { ServiceError, serviceFailure } from '../service';

/**
 * A send's error as the renderer's outbox would have received it over IPC, so main's own team
 * sender sorts an answer (classify.ts) exactly as the solo sender does. Anything else is main
 * failing before it sent: an internal error, retried.
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof HandlerError) return { code: error.code, message: error.message, ...error.extra };
  if (error instanceof ServiceError) return { code: 'service', message: error.message, service: serviceFailure(error) };
  return {
    code: 'internal',
    message: 'Something went wrong in the app before the request was sent; it is tried again.',
  };
}
