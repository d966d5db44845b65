import { useEffect } from 'react';
import type { Action } from '../../model/actions';
import { shortcutFor } from '../../model/shortcuts';
import { currentActions } from '../../stores/action-registry';
import { useAppInfo } from '../../stores/app-info';

/** Where a plain key, or Ctrl with a letter, edits text (macOS: Ctrl+D deletes forward), so such a shortcut must not fire. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
  );
}

/**
 * Runs the registered action whose shortcut a key press is: the screen's first, then the shell's.
 * Nothing fires under a modal dialog (a confirmation, a form, the palette itself): the page
 * behind it is inert, and a shortcut that navigated away would drop what the dialog holds.
 */
export function useShortcutKeys(run: (action: Action) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.repeat) return;
      if (document.querySelector('dialog:modal')) return;
      const { screen, global } = currentActions();
      const hit = shortcutFor([...screen, ...global], e, useAppInfo.getState().mac, isEditable(e.target));
      if (!hit) return;
      e.preventDefault();
      run(hit);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);
}
