import type { HandlersOf, syncChannels, TransactionPage } from '../../../shared/ipc';
import type { CoreContext } from '../context';
import { ServiceError } from '../../service';

export function syncHandlers(ctx: CoreContext): HandlersOf<typeof syncChannels> {
  return {
    'sync:transactionPages': async (arg) =>
      ctx.inFlight.run(arg.requestId, async (signal) => {
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
      }),
  };
}
