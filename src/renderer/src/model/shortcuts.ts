/**
 * Keyboard shortcuts as data: what a key press must be to run a command, how the help sheet and
 * the sidebar write it, and whether a press is one. The same value binds the key and names it,
 * so what the app says and what it does cannot drift apart.
 */
export interface Shortcut {
  /** With Ctrl, or ⌘ on macOS (the platform's command key; the other one does not count). */
  mod?: boolean;
  /** A lower-case letter, a digit, or a typed character such as '?' or '/'. */
  key: string;
  /**
   * Also while typing in a text field. Ctrl/⌘ with a digit or K edits nothing, so those work
   * everywhere; a plain character, or Ctrl with a letter that edits text (macOS: Ctrl+D deletes
   * forward), must not fire there.
   */
  inFields?: boolean;
}

/** What a key press carries that a shortcut depends on (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The platform name main reports (Node's process.platform); only macOS uses ⌘. */
export function isMac(platform: string | null | undefined): boolean {
  return platform === 'darwin';
}

const DIGIT = /^\d$/;
const LETTER = /^[a-z]$/;

/** The key itself, wherever the layout puts it. */
function keyMatches(s: Shortcut, press: KeyPress): boolean {
  if (DIGIT.test(s.key)) {
    // On AZERTY the digit row types "&é\"'…" without Shift: its physical code still says which digit.
    return press.key === s.key || press.code === `Digit${s.key}` || press.code === `Numpad${s.key}`;
  }
  if (LETTER.test(s.key)) {
    const typed = press.key.toLowerCase();
    if (typed === s.key) return true;
    // A layout whose letters are not Latin (Cyrillic, Greek) types another letter: use the key's place.
    return !/^[a-z]$/.test(typed) && press.code === `Key${s.key.toUpperCase()}`;
  }
  // A typed character such as '?': whatever Shift it took on this layout.
  return press.key === s.key;
}

export function matchesShortcut(s: Shortcut, press: KeyPress, mac: boolean): boolean {
  if (press.altKey) return false;
  if (s.mod) {
    const command = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
    if (!command || press.shiftKey) return false;
  } else if (press.ctrlKey || press.metaKey) {
    return false;
  }
  return keyMatches(s, press);
}

function keyLabel(key: string): string {
  return LETTER.test(key) ? key.toUpperCase() : key;
}

/** As the help sheet and the sidebar show it: "⌘K" on macOS, "Ctrl+K" elsewhere, "?" alone. */
export function formatShortcut(s: Shortcut, mac: boolean): string {
  if (!s.mod) return keyLabel(s.key);
  return mac ? `⌘${keyLabel(s.key)}` : `Ctrl+${keyLabel(s.key)}`;
}

/** The aria-keyshortcuts value: "Meta+K" on macOS, "Control+K" elsewhere. */
export function ariaShortcut(s: Shortcut, mac: boolean): string {
  if (!s.mod) return keyLabel(s.key);
  return `${mac ? 'Meta' : 'Control'}+${keyLabel(s.key)}`;
}

/** The first of `candidates` whose shortcut this press is, given whether the press was made while typing. */
export function shortcutFor<T extends { shortcut?: Shortcut }>(
  candidates: readonly T[],
  press: KeyPress,
  mac: boolean,
  typing: boolean,
): T | undefined {
  return candidates.find(
    (c) =>
      c.shortcut !== undefined && (!typing || c.shortcut.inFields === true) && matchesShortcut(c.shortcut, press, mac),
  );
}
