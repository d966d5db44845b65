import { endpoints, type EndpointDef } from '../../../shared/service';
import type { HandlersOf, serviceChannels } from '../../../shared/ipc';
import type { CoreContext } from '../context';
import { serviceOf } from '../../../shared/service-address';
import { commissionAsked, confirmCommission } from '../../money/commission-question';
import { refuse } from '../../money/money-gate';

export function serviceHandlers(ctx: CoreContext): HandlersOf<typeof serviceChannels> {
  return {
    'service:call': async (arg) => {
      // Money leaves only as an outbox row, through the money gate (outbox:send, or main's team sender).
      if ((endpoints[arg.endpoint] as EndpointDef).movesMoney) {
        throw refuse(
          'not-through-main',
          'Nothing was sent: transfers and payments go out only from the outbox (drafted, approved, then sent by the app), never as a direct service call.',
        );
      }
      const client = await ctx.services.client(arg.profileId);
      const rule = commissionAsked(arg.endpoint, arg.params, arg.body);
      if (rule) {
        // Only where a team workspace covers the service (or main cannot tell): a solo profile's
        // person already approves and sends its transfers from this page alone, so a question
        // here would stop nothing a compromised page could not do with a transfer, and solo
        // (the Demo included) stays as it was.
        const profile = ctx.store.get(arg.profileId);
        if (profile && (await ctx.workspaces.coverage(serviceOf(profile))).kind !== 'solo')
          await confirmCommission(ctx.prompt, client, rule);
      }
      const args: Record<string, unknown> = {};
      if (arg.params) args['params'] = arg.params;
      if (arg.query) args['query'] = arg.query;
      if (arg.body !== undefined) args['body'] = arg.body;
      if (arg.idempotencyKey) args['idempotencyKey'] = arg.idempotencyKey;
      // The endpoint is chosen at run time, so its argument type cannot be named statically
      // (hence `never`); the client validates params, query and body against that endpoint's
      // own schemas before anything is sent.
      const answer =
        endpoints[arg.endpoint].method !== 'GET'
          ? await client.call(arg.endpoint, args as never)
          : await ctx.inFlight.run(arg.requestId, (signal) => client.call(arg.endpoint, { ...args, signal } as never));
      // The reveal question names a card from the service's own answers, never from the page's words.
      ctx.cardLabels.note(arg.profileId, arg.endpoint, answer);
      return answer;
    },
    'service:cancel': async ({ requestId }) => ({ canceled: ctx.inFlight.cancel(requestId) }),
  };
}
