import type { SecretStore } from '../secrets/secret-store';
import type { SessionAwareSecrets } from '../secrets/secret-vault';
import { loadSigningKey, type SigningKey } from './keys';
import { WorkspaceError } from './workspace-error';

/** The keychain accounts of a workspace, beside the profiles' API keys. */
export const passwordAccount = (id: string) => `workspace:${id}:password`;
export const keyAccount = (id: string) => `workspace:${id}:signing-key`;

/** The OS keychain, where a workspace's key and password are kept; refused with the reason when there is none. */
export function persistentKeychain(secrets: SessionAwareSecrets): SecretStore {
  const k = secrets.persistentStore();
  if ('reason' in k)
    throw new WorkspaceError(
      'no-keychain',
      `A team workspace keeps your signing key and database password in the system keychain, which is not available: ${k.reason}`,
    );
  return k.store;
}

/** This desktop's signing key for a workspace, as `store` keeps it; refused when it is gone. */
export async function loadWorkspaceKey(store: SecretStore, workspaceId: string): Promise<SigningKey> {
  const stored = await store.get(keyAccount(workspaceId));
  const key = stored ? loadSigningKey(stored) : null;
  if (!key)
    throw new WorkspaceError(
      'no-keychain',
      "This desktop's signing key for the workspace is not in the keychain any more. Leave the workspace and join again; an admin registers the new key.",
    );
  return key;
}
