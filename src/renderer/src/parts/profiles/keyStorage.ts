import type { KeyStorage, ProfileView } from '../../../../shared/ipc';

const WHERE: Record<KeyStorage, string> = {
  keychain: 'System keychain',
  session: 'This session only',
  none: 'None',
};

export function keyStorageLabel(p: ProfileView): string {
  // Demo's key is generated at start and never stored anywhere.
  if (p.kind === 'demo') return 'Generated for the Demo, in memory';
  return WHERE[p.keyStorage];
}
