import { existsSync } from 'node:fs';

/**
 * On Linux the keychain is the Secret Service on the D-Bus session bus. Without a session bus
 * address, libsecret tries to start one through the X display (dbus-launch --autolaunch), which
 * can hang until the probe times out; a desktop session always has the address.
 */
export function missingSessionBus(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform): boolean {
  if (platform !== 'linux') return false;
  const address = env['DBUS_SESSION_BUS_ADDRESS'];
  if (address && address !== 'disabled:') return false;
  // systemd user sessions put the bus at a well-known path even when the variable is unset.
  const runtime = env['XDG_RUNTIME_DIR'];
  return !(runtime && existsSync(`${runtime}/bus`));
}
