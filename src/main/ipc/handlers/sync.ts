import type { HandlersOf, syncChannels, TransactionPage, TransactionPagesArg } from '../../../shared/ipc';
import { errorFields } from '../../logs/app-log';
import type { CoreContext } from '../context';
import { ServiceError } from '../../service';

export function syncHandlers(ctx: CoreContext): HandlersOf<typeof syncChannels> {
  return {
    'sync:transactionPages': async (arg) => {
      const started = ctx.now();
      const record = (pages: readonly TransactionPage[], error?: unknown) => {
        const rows = pages.reduce((n, p) => n + p.items.length, 0);
        const failure = error === undefined ? undefined : syncFailure(error);
        const call = { at: new Date(started).toISOString(), pages: pages.length, rows, ms: ctx.now() - started };
        ctx.syncFigures.record(arg.profileId, failure ? { ...call, error: failure } : call);
        const fields = {
          ...call,
          resumed: arg.cursor !== undefined,
          ...(error === undefined ? {} : errorFields(error)),
        };
        ctx.log.write(error === undefined ? 'info' : 'warn', 'main', 'sync.pages', fields, arg.profileId);
      };
      try {
        const result = await walk(arg);
        record(result.pages);
        return result;
      } catch (error) {
        record([], error);
        throw error;
      }
    },
  };

  function walk(arg: TransactionPagesArg) {
    return ctx.inFlight.run(arg.requestId, async (signal) => {
      const client = await ctx.services.client(arg.profileId);
      const pages: TransactionPage[] = [];
      let cursor = arg.cursor;
      while (pages.length < arg.maxPages) {
        let page;
        try {
          page = await client.listTransactions({ query: { ...arg.query, ...(cursor ? { cursor } : {}) }, signal });
        } catch (error) {
          // The pages already read are good and carry their cursors: they go to the renderer,
          // which asks again from the last one and meets (and handles) this failure then.
          if (pages.length > 0 && error instanceof ServiceError) break;
          throw error;
        }
        const next = page.metadata?.nextCursor ? page.metadata.nextCursor : null;
        pages.push({ items: page.items, nextCursor: next });
        if (next === null) break;
        cursor = next;
      }
      return { pages };
    });
  }
}

/** A sync failure's class for the figures: the service error's kind and status, or the error's name. */
function syncFailure(error: unknown): string {
  if (error instanceof ServiceError) return [error.kind, error.status].filter((x) => x !== undefined).join(' ');
  return error instanceof Error ? error.name : 'unknown';
}
