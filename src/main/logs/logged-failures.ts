import type { IpcErrorCode } from '../../shared/ipc';
import { HandlerError } from '../errors/handler-error';
import type { AppLog } from './app-log';

/** A question main asked and the person answered no: what they chose, not a failure worth a warning. */
const QUIET: ReadonlySet<IpcErrorCode> = new Set(['declined']);

/**
 * Logs a failure the page is answered with: the channel, the error's code and its sentence (the
 * one the person is shown), and the profile the call named. Never the call's argument: it may
 * carry a typed key, a password, a payload.
 */
export function failureLogger(log: AppLog): (channel: string, error: unknown, arg: unknown) => void {
  return (channel, error, arg) => {
    const code: IpcErrorCode = error instanceof HandlerError ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    log.write(QUIET.has(code) ? 'info' : 'warn', 'main', 'call.failed', { channel, code, message }, profileOf(arg));
  };
}

function profileOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const id = (arg as { profileId?: unknown }).profileId;
  return typeof id === 'string' ? id : undefined;
}
