import type { SvcHandle } from '../../../../shared/service';

/** A handle as a person types it: "@Globex-Corp " and "globex-corp" are the same payee. */
export function normalHandle(typed: string): string {
  return typed.trim().replace(/^@/, '').toLowerCase();
}

/** Handles sorted by handle, the order the directory and the payment picker show them in. */
export function sortHandles(handles: readonly SvcHandle[]): SvcHandle[] {
  return [...handles].sort(
    (a, b) => a.svcHandle.localeCompare(b.svcHandle, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1),
  );
}

/** Handles whose handle, name or account id contains `text` (any case, a leading @ ignored). */
export function filterHandles(handles: readonly SvcHandle[], text: string): SvcHandle[] {
  const needle = normalHandle(text);
  if (!needle) return [...handles];
  return handles.filter(
    (h) =>
      h.svcHandle.toLowerCase().includes(needle) ||
      h.name.toLowerCase().includes(needle) ||
      h.accountId.toLowerCase().includes(needle),
  );
}

/** The saved handle a typed one names exactly, if any. */
export function findHandle(handles: readonly SvcHandle[], typed: string): SvcHandle | undefined {
  const wanted = normalHandle(typed);
  return wanted ? handles.find((h) => h.svcHandle.toLowerCase() === wanted) : undefined;
}

/**
 * The ids of the handles that send from one of the given accounts. GET /account answers the
 * accounts of the key's own legal entity (its default), so with those these are the handles an
 * API key may pay from (POST /pay's `sourceSvcHandleId` must be one of its legal entity's).
 */
export function handlesOfAccounts(handles: readonly SvcHandle[], accountIds: readonly string[]): Set<string> {
  const accounts = new Set(accountIds);
  return new Set(handles.filter((h) => accounts.has(h.accountId)).map((h) => h.id));
}
