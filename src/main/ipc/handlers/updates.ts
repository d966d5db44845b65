import type { HandlersOf, updatesChannels } from '../../../shared/ipc';
import type { CoreContext } from '../context';

export function updatesHandlers(ctx: CoreContext): HandlersOf<typeof updatesChannels> {
  return {
    'updates:state': async () => ctx.updates.state(),
    'updates:check': () => ctx.updates.check(),
    'updates:restart': () => ctx.updates.restart(),
  };
}
