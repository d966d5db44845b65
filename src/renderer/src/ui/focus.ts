import type { KeyboardEvent } from 'react';

/** The first field a person can type in or choose from, inside `root`. */
const FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';
/** What Tab stops at. */
const TABBABLE =
  'a[href], button:not(:disabled), input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Takes a person to a form from a command: focus on its first field, which also scrolls it into view. */
export function focusFirstField(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>(FIELD)?.focus();
}

/**
 * Keeps Tab inside a modal dialog: from its last stop to its first and back. A native modal
 * <dialog> makes the page behind inert, but Chromium lets Tab leave it for the window itself
 * (the page's body in Electron), from where focus cannot come back by keyboard.
 */
export function keepTabInside(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const stops = [...e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    e.preventDefault();
    return;
  }
  const at = document.activeElement;
  if (e.shiftKey ? at === first || !e.currentTarget.contains(at) : at === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}
