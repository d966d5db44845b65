import { useEffect, useLayoutEffect, useRef } from 'react';
import { create } from 'zustand';
import { mergeActions, type Action, type ActionLists } from '../model/actions';
import type { Shortcut } from '../model/shortcuts';

export type ActionScope = 'global' | 'screen';

interface Provider {
  key: number;
  scope: ActionScope;
  get(): readonly Action[];
}

/**
 * Who offers actions right now. A provider is a function read when the palette, the help sheet
 * or the key handler needs the list, not a list pushed on every render: a screen that renders on
 * every keystroke (Transactions while typing a search) costs nothing more for offering commands.
 */
export const useActionRegistry = create<{ providers: readonly Provider[] }>()(() => ({ providers: [] }));

let nextKey = 1;
/** An action asked for before its screen was on show (the shell's "New transfer" from the Dashboard). */
let pending: string | null = null;

function screenAction(
  id: string,
  providers: readonly Provider[] = useActionRegistry.getState().providers,
): Action | undefined {
  for (const p of providers) if (p.scope === 'screen') for (const a of p.get()) if (a.id === id) return a;
  return undefined;
}

/** Adds a provider; returns how to remove it. A pending action it offers runs now, once. */
export function registerActions(scope: ActionScope, get: () => readonly Action[]): () => void {
  const provider: Provider = { key: nextKey++, scope, get };
  useActionRegistry.setState((s) => ({ providers: [...s.providers, provider] }));
  if (pending !== null && scope === 'screen') {
    const wanted = get().find((a) => a.id === pending && a.unavailable === undefined);
    if (wanted) {
      pending = null;
      void wanted.run();
    }
  }
  return () => useActionRegistry.setState((s) => ({ providers: s.providers.filter((p) => p.key !== provider.key) }));
}

/** Every action in force, read from the providers now. */
export function currentActions(providers: readonly Provider[] = useActionRegistry.getState().providers): ActionLists {
  const of = (scope: ActionScope) => providers.filter((p) => p.scope === scope).flatMap((p) => p.get());
  return mergeActions(of('screen'), of('global'));
}

/**
 * Every bound shortcut by action id, as the key handler reads them: what the sidebar's hints and
 * the hints in screens show, so no hint names a key that does something else.
 */
export function useBoundShortcuts(): ReadonlyMap<string, Shortcut> {
  const providers = useActionRegistry((s) => s.providers);
  const { screen, global } = currentActions(providers);
  return new Map([...screen, ...global].flatMap((a) => (a.shortcut ? [[a.id, a.shortcut] as const] : [])));
}

/**
 * Runs the screen's action `id` now if its screen is on show, or as soon as a screen offering
 * it mounts (the caller has just asked to open that screen). A later request replaces an earlier
 * one, and `forgetPending` drops it (the person went elsewhere first).
 */
export function runOnScreen(id: string): void {
  const now = screenAction(id);
  if (now) {
    pending = null;
    void now.run();
    return;
  }
  pending = id;
}

export function forgetPending(): void {
  pending = null;
}

/**
 * Offers `actions` while the calling component is mounted. The latest list is read when needed;
 * registering happens once per mount, so passing a new array each render is fine.
 */
export function useActions(scope: ActionScope, actions: readonly Action[]): void {
  const latest = useRef(actions);
  // Before the registering effect below, so a pending action that runs on registration sees this render's list.
  useLayoutEffect(() => {
    latest.current = actions;
  });
  useEffect(() => registerActions(scope, () => latest.current), [scope]);
}

/** A screen's (or a part of it) actions, listed in the palette under the current screen. */
export function useScreenActions(actions: readonly Action[]): void {
  useActions('screen', actions);
}
