import type { IpcError } from '../../shared/ipc';

/**
 * An error a handler throws on purpose: it reaches the renderer as is. It lives below both the IPC
 * layer (ipc/dispatch.ts turns it into a Result) and the features that throw it (cards, money,
 * profiles, workspace), so no feature reaches up into ipc/ for it.
 */
export class HandlerError extends Error {
  constructor(
    readonly code: IpcError['code'],
    message: string,
    readonly extra: Omit<IpcError, 'code' | 'message'> = {},
  ) {
    super(message);
  }
}
