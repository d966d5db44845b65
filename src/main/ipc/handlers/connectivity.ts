import type { connectivityChannels, ConnectivityStatus, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../context';

export function connectivityHandlers(ctx: CoreContext): HandlersOf<typeof connectivityChannels> {
  const target = (arg: { profileId: string } | undefined): string | null =>
    arg?.profileId ?? ctx.store.activeProfileId();
  const unknown = (profileId: string | null): ConnectivityStatus => ({
    state: 'unknown',
    profileId,
    since: new Date(ctx.now()).toISOString(),
  });
  return {
    // Reading the state never starts anything: a profile not used yet is "unknown".
    'connectivity:get': async (arg) => {
      const id = target(arg);
      if (id === null) return unknown(null);
      return (await ctx.services.existingMonitor(id))?.status() ?? unknown(id);
    },
    'connectivity:check': async (arg) => {
      const id = target(arg);
      if (id === null) return unknown(null);
      return (await ctx.services.monitor(id)).check();
    },
  };
}
