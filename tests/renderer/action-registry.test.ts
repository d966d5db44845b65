import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../src/renderer/src/model/actions';
import {
  currentActions,
  forgetPending,
  registerActions,
  runOnScreen,
  useActionRegistry,
} from '../../src/renderer/src/stores/action-registry';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const off of cleanups.splice(0)) off();
  forgetPending();
});

function offer(scope: 'global' | 'screen', get: () => readonly Action[]): void {
  cleanups.push(registerActions(scope, get));
}

/** An action that counts its runs. */
function counted(id: string, extra: Partial<Action> = {}): Action & { runs: number } {
  const a = { id, title: id, group: 'Test', runs: 0, run: () => void a.runs++, ...extra };
  return a;
}

const ids = (list: readonly Action[]) => list.map((a) => a.id);

describe('the action registry', () => {
  it('lists the screen’s actions and the shell’s, and forgets a provider that leaves', () => {
    offer('global', () => [counted('go:cards'), counted('sync:now')]);
    const off = registerActions('screen', () => [counted('outbox:approve')]);
    expect(ids(currentActions().screen)).toEqual(['outbox:approve']);
    expect(ids(currentActions().global)).toEqual(['go:cards', 'sync:now']);
    off();
    expect(ids(currentActions().screen)).toEqual([]);
    expect(useActionRegistry.getState().providers).toHaveLength(1);
  });

  it('reads each provider when asked, so the list says what holds now', () => {
    let offline = false;
    offer('global', () => [counted('sync:now', offline ? { unavailable: 'Offline' } : {})]);
    expect(currentActions().global[0]?.unavailable).toBeUndefined();
    offline = true;
    expect(currentActions().global[0]?.unavailable).toBe('Offline');
  });

  it('lets a screen’s action replace the shell’s with the same id, and keeps the first of a repeated id', () => {
    offer('global', () => [
      counted('outbox:new-transfer', { title: 'New transfer (opens Transfers)' }),
      counted('go:transfers'),
    ]);
    offer('screen', () => [counted('outbox:new-transfer', { title: 'New transfer (this form)' })]);
    offer('screen', () => [counted('outbox:new-transfer', { title: 'a second registration' })]);
    const { screen, global } = currentActions();
    expect(screen.map((a) => a.title)).toEqual(['New transfer (this form)']);
    expect(ids(global)).toEqual(['go:transfers']);
  });

  it('runs a screen’s action at once when its screen is on show', () => {
    const focus = counted('outbox:new-transfer');
    offer('screen', () => [focus]);
    runOnScreen('outbox:new-transfer');
    expect(focus.runs).toBe(1);
  });

  it('runs an action asked for before its screen opened once that screen offers it, once', () => {
    runOnScreen('outbox:new-payment');
    const unrelated = counted('cards:new');
    offer('screen', () => [unrelated]);
    // The shell offering the same id does not count: only the screen's own action is meant.
    const shells = counted('outbox:new-payment');
    offer('global', () => [shells]);
    expect(unrelated.runs + shells.runs).toBe(0);

    const focus = counted('outbox:new-payment');
    offer('screen', () => [focus]);
    expect(focus.runs).toBe(1);
    // A later mount of the same screen does not run it again.
    const again = counted('outbox:new-payment');
    offer('screen', () => [again]);
    expect(again.runs).toBe(0);
  });

  it('drops the asked-for action when the person went elsewhere first, and never runs one that is unavailable', () => {
    runOnScreen('demo:size');
    forgetPending();
    const late = counted('demo:size');
    offer('screen', () => [late]);
    expect(late.runs).toBe(0);

    runOnScreen('cards:new');
    const offline = counted('cards:new', { unavailable: 'Offline' });
    offer('screen', () => [offline]);
    expect(offline.runs).toBe(0);
  });
});
