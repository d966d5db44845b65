import type { HandlersOf, settingsChannels } from '../../../shared/ipc';
import type { CoreContext } from '../context';

export function settingsHandlers(ctx: CoreContext): HandlersOf<typeof settingsChannels> {
  return {
    'settings:get': async () => ctx.settings.get(),
    'settings:set': async (change) => {
      const before = ctx.settings.get().theme;
      const next = await ctx.settings.change(change);
      // Every window follows at once: main owns the windows' colour scheme (applied before the
      // first paint at start-up, see MainCoreOptions.applyTheme).
      if (next.theme !== before) await ctx.applyTheme(next.theme);
      ctx.emit('settings:changed', next);
      return next;
    },
  };
}
