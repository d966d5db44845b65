import { useCallback, useEffect, useRef, useState } from 'react';
import type { Action } from '../../model/actions';
import { SECTIONS } from '../../model/sections';
import { forgetPending, registerActions } from '../../stores/action-registry';
import { useAppInfo } from '../../stores/app-info';
import { useNavigation } from '../../stores/navigation';
import { CommandPalette } from './CommandPalette';
import { shellActions } from './shell-actions';
import { ShortcutSheet } from './ShortcutSheet';
import { useShortcutKeys } from './useShortcutKeys';

type Overlay = 'palette' | 'shortcuts' | null;

/** The element to give focus back to, or the main area when it has gone (its screen closed). */
function refocus(el: HTMLElement | null): void {
  const target = el && el.isConnected && el !== document.body ? el : document.getElementById('main');
  target?.focus({ preventScroll: true });
}

/**
 * The keyboard layer of the shell: the app's own actions, the key handler, the palette and the
 * shortcuts sheet, and where focus goes around them. Rendered after the screen, so a screen
 * that mounts registers its actions before this sees the section change.
 */
export function Commands() {
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [notice, setNotice] = useState('');
  const returnTo = useRef<HTMLElement | null>(null);
  const chosen = useRef<Action | null>(null);
  const section = useNavigation((s) => s.section);
  const shownSection = useRef(section);
  const loadInfo = useAppInfo((s) => s.load);

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  const showing = useRef<Overlay>(null);
  const setShown = useCallback((which: Overlay) => {
    showing.current = which;
    setOverlay(which);
  }, []);
  const show = useCallback(
    (which: Exclude<Overlay, null>) => {
      if (showing.current === null)
        returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setShown(which);
    },
    [setShown],
  );

  const perform = useCallback(async (action: Action) => {
    if (action.unavailable !== undefined) {
      setNotice(`${action.title} is not available now: ${action.unavailable}.`);
      return;
    }
    setNotice('');
    try {
      await action.run();
    } catch (error) {
      setNotice(`${action.title} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, []);

  useEffect(
    () =>
      registerActions('global', () =>
        shellActions({
          openPalette: () => show('palette'),
          openShortcuts: () => show('shortcuts'),
        }),
      ),
    [show],
  );
  useShortcutKeys(perform);

  // Closed: focus goes back where it was, then what was chosen runs (it may move focus on).
  useEffect(() => {
    if (overlay !== null) return;
    const back = returnTo.current;
    returnTo.current = null;
    const action = chosen.current;
    chosen.current = null;
    if (back !== null || action !== null) refocus(back);
    if (action) void perform(action);
  }, [overlay, perform]);

  // A new screen: an action asked of another screen is dropped, and focus that went with the old
  // screen lands on the new one's heading rather than on nothing.
  useEffect(() => {
    if (shownSection.current === section) return;
    shownSection.current = section;
    forgetPending();
    const active = document.activeElement;
    if (active === null || active === document.body || active.id === 'main')
      document.getElementById('screen-title')?.focus();
  }, [section]);

  const close = useCallback(() => setShown(null), [setShown]);
  const choose = useCallback(
    (action: Action) => {
      chosen.current = action;
      setShown(null);
    },
    [setShown],
  );

  return (
    <>
      <CommandPalette open={overlay === 'palette'} onClose={close} onChoose={choose} />
      <ShortcutSheet
        open={overlay === 'shortcuts'}
        screenLabel={SECTIONS.find((s) => s.id === section)?.label ?? section}
        onClose={close}
      />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {notice}
      </div>
    </>
  );
}
