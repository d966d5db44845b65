import type { HandlersOf, keychainChannels } from '../../../shared/ipc';
import type { CoreContext } from '../context';

export function keychainHandlers(ctx: CoreContext): HandlersOf<typeof keychainChannels> {
  const { secrets } = ctx;
  return {
    // Probe again only when it was not working: the person may have unlocked it since.
    'keychain:status': async () =>
      secrets.keychainStatus().available ? secrets.keychainStatus() : secrets.recheckKeychain(),
  };
}
