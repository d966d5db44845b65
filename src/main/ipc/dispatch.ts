import { jsonSizeProblem } from '../../shared/bounded-json';
import { channels, type ChannelName, type Handlers, type Result } from '../../shared/ipc';
import { HandlerError } from '../errors/handler-error';

function isChannel(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}

/**
 * Far above any channel's argument (the largest is a service call's body, itself held to 50,000
 * values), far below what would keep main busy: zod would otherwise walk every key of a
 * ten-million-key object, and a strict schema would list each unknown key in its error, an
 * answer as large again.
 */
const ARG_LIMITS = { maxValues: 100_000, maxDepth: 40 };

/**
 * Validates the argument of a call and runs its handler; every outcome is a Result, never a
 * throw, so nothing from main (stacks, paths, keys) leaks into the renderer by accident.
 */
export async function dispatch(handlers: Handlers, channel: unknown, arg: unknown): Promise<Result<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { code: 'unknown-channel', message: 'This action is not available.' } };
  }
  const tooLarge = jsonSizeProblem(arg, ARG_LIMITS);
  if (tooLarge) {
    return {
      ok: false,
      error: {
        code: 'invalid-argument',
        message: `The request is too large to look at (${tooLarge}); nothing was done.`,
      },
    };
  }
  const parsed = channels[channel].arg.safeParse(arg);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    const first = fields[0];
    return {
      ok: false,
      error: {
        code: 'invalid-argument',
        message: first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'The request was not valid.',
        fields,
      },
    };
  }
  try {
    const handler = handlers[channel] as (a: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof HandlerError)
      return { ok: false, error: { code: error.code, message: error.message, ...error.extra } };
    return {
      ok: false,
      error: {
        code: 'internal',
        message: 'Something went wrong in the app. Try again; if it keeps happening, restart the app.',
      },
    };
  }
}
