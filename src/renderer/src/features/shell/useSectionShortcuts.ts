import { useEffect } from 'react';
import { useNavigation } from '../../stores/navigation';
import { sectionForKey } from '../../model/sections';

/** Where Ctrl/⌘ + a letter edits text (macOS: Ctrl+D deletes forward), so a letter shortcut must not fire. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/**
 * Ctrl+digit (⌘+digit on macOS) opens a section from anywhere, like tabs in a browser; the one
 * letter shortcut (Ctrl+D, the Dashboard) only outside text fields.
 */
export function useSectionShortcuts(): void {
  const go = useNavigation((s) => s.go);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const id = sectionForKey(e.key);
      if (!id) return;
      if (!/^\d$/.test(e.key) && isEditable(e.target)) return;
      e.preventDefault();
      go(id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);
}
