import { useEffect } from 'react';
import { useNavigation } from '../../stores/navigation';
import { sectionForKey } from '../../model/sections';

/** Ctrl+digit (⌘+digit on macOS) opens a section from anywhere, like tabs in a browser. */
export function useSectionShortcuts(): void {
  const go = useNavigation((s) => s.go);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const id = sectionForKey(e.key);
      if (!id) return;
      e.preventDefault();
      go(id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);
}
