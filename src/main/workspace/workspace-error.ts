import type { WorkspaceFailureKind } from '../../shared/ipc/workspace';

/**
 * Every failure of a workspace call, with a message written for the person (what happened, what
 * to do) and a kind for code: 'unreachable' is worth retrying later, the others are not until
 * something changes. Never carries a password or a key.
 */
export class WorkspaceError extends Error {
  override readonly name = 'WorkspaceError';
  constructor(
    readonly kind: WorkspaceFailureKind,
    message: string,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'unreachable';
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|EPROTO/;

/** What a pg (or socket, or TLS) error means for the person. `where` names the workspace in the words. */
export function workspaceFailure(error: unknown, where: string): WorkspaceError {
  if (error instanceof WorkspaceError) return error;
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    UNREACHABLE_CODES.has(code) ||
    code.startsWith('08') ||
    /timeout expired|Connection terminated|connect ETIMEDOUT|socket hang up/i.test(message)
  ) {
    return new WorkspaceError(
      'unreachable',
      `The workspace at ${where} cannot be reached. Check your network connection; the app tries again by itself.`,
    );
  }
  if (TLS_CODES.test(code) || /does not support SSL|certificate|SSL/i.test(message)) {
    return new WorkspaceError(
      'tls',
      `The workspace at ${where} did not offer a TLS connection this computer can verify (${code || message.slice(0, 120)}). Check the address, or give the company's certificate authority (PEM) in the workspace's settings.`,
    );
  }
  if (code === 'NOT_SCRAM') return new WorkspaceError('auth', message);
  if (code === '28P01' || code === '28000')
    return new WorkspaceError(
      'auth',
      `The workspace at ${where} refused the database role or its password. Check them with your admin.`,
    );
  if (code === '3D000')
    return new WorkspaceError('not-found', `There is no such database at ${where}. Check its name with your admin.`);
  if (code === '42501')
    return new WorkspaceError(
      'refused',
      `The workspace refused this: your role does not allow it (${message.slice(0, 200)}).`,
    );
  if (code === 'TF001')
    return new WorkspaceError(
      'stale-claim',
      'Another desktop has claimed this row since (its lease ran out): this claim no longer counts, and nothing was recorded with it.',
    );
  if (code === '23503')
    return new WorkspaceError(
      'conflict',
      'The row this decides is not in the workspace: its draft has not reached it yet. Try again once it has.',
    );
  if (code === '23505')
    return new WorkspaceError(
      'conflict',
      'The workspace already holds this (another desktop wrote it at the same moment). Read it again.',
    );
  return new WorkspaceError(
    'internal',
    `The workspace at ${where} answered with an error the app did not expect${code ? ` (${code})` : ''}. Try again; if it keeps happening, tell your admin.`,
  );
}
