import { describe, expect, it } from 'vitest';
import {
  ariaShortcut,
  formatShortcut,
  isMac,
  matchesShortcut,
  shortcutFor,
  type KeyPress,
  type Shortcut,
} from '../../src/renderer/src/model/shortcuts';

/** A key press as the browser reports it: only what is given is held. */
function press(
  key: string,
  code: string,
  held: Partial<Pick<KeyPress, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {},
): KeyPress {
  return { key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...held };
}

const CTRL_1: Shortcut = { mod: true, key: '1', inFields: true };
const CTRL_K: Shortcut = { mod: true, key: 'k', inFields: true };
const CTRL_D: Shortcut = { mod: true, key: 'd' };
const HELP: Shortcut = { key: '?' };

describe('shortcuts: the words', () => {
  it('say ⌘ on macOS and Ctrl elsewhere, as main names the platform', () => {
    expect(isMac('darwin')).toBe(true);
    for (const p of ['linux', 'win32', 'freebsd', null, undefined, 'browser']) expect(isMac(p)).toBe(false);
    expect(formatShortcut(CTRL_1, true)).toBe('⌘1');
    expect(formatShortcut(CTRL_1, false)).toBe('Ctrl+1');
    expect(formatShortcut(CTRL_K, true)).toBe('⌘K');
    expect(formatShortcut(CTRL_D, false)).toBe('Ctrl+D');
    expect(formatShortcut(HELP, true)).toBe('?');
    expect(ariaShortcut(CTRL_1, true)).toBe('Meta+1');
    expect(ariaShortcut(CTRL_K, false)).toBe('Control+K');
  });
});

describe('shortcuts: the keys', () => {
  it('take the platform’s command key and not the other one', () => {
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1', { ctrlKey: true }), false)).toBe(true);
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1', { metaKey: true }), false)).toBe(false);
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1', { metaKey: true }), true)).toBe(true);
    // macOS: Ctrl+1 is not ⌘1 (the hint says ⌘, so Ctrl does not answer).
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1', { ctrlKey: true }), true)).toBe(false);
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1', { ctrlKey: true, metaKey: true }), false)).toBe(false);
  });

  it('refuse extra modifiers and a bare key', () => {
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1'), false)).toBe(false);
    expect(matchesShortcut(CTRL_1, press('!', 'Digit1', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(matchesShortcut(CTRL_1, press('1', 'Digit1', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(matchesShortcut(CTRL_1, press('2', 'Digit2', { ctrlKey: true }), false)).toBe(false);
  });

  it('find the digit wherever the layout puts it', () => {
    // AZERTY: the digit row types "&" without Shift; its code still says Digit1.
    expect(matchesShortcut(CTRL_1, press('&', 'Digit1', { ctrlKey: true }), false)).toBe(true);
    expect(matchesShortcut(CTRL_1, press('1', 'Numpad1', { ctrlKey: true }), false)).toBe(true);
  });

  it('find a letter by what it types, or by its place when the layout is not Latin', () => {
    expect(matchesShortcut(CTRL_K, press('k', 'KeyK', { ctrlKey: true }), false)).toBe(true);
    expect(matchesShortcut(CTRL_K, press('K', 'KeyK', { ctrlKey: true }), false)).toBe(true);
    // Russian layout: the K key types "л".
    expect(matchesShortcut(CTRL_K, press('л', 'KeyK', { ctrlKey: true }), false)).toBe(true);
    // Dvorak: the key at QWERTY's K types "t"; Ctrl+t is not Ctrl+K, the key marked K (at QWERTY's V) is.
    expect(matchesShortcut(CTRL_K, press('t', 'KeyK', { ctrlKey: true }), false)).toBe(false);
    expect(matchesShortcut(CTRL_K, press('k', 'KeyV', { ctrlKey: true }), false)).toBe(true);
  });

  it('take "?" with whatever Shift the layout needs, and never with Ctrl', () => {
    expect(matchesShortcut(HELP, press('?', 'Slash', { shiftKey: true }), false)).toBe(true);
    expect(matchesShortcut(HELP, press('?', 'Minus', { shiftKey: true }), true)).toBe(true);
    expect(matchesShortcut(HELP, press('?', 'Slash', { shiftKey: true, ctrlKey: true }), false)).toBe(false);
    expect(matchesShortcut(HELP, press('/', 'Slash'), false)).toBe(false);
  });
});

describe('shortcuts: while typing', () => {
  const actions = [
    { id: 'help', shortcut: HELP },
    { id: 'dashboard', shortcut: CTRL_D },
    { id: 'transactions', shortcut: CTRL_1 },
    { id: 'none' },
  ];

  it('a plain key and Ctrl with a letter that edits text do nothing in a field; Ctrl+digit still works', () => {
    expect(shortcutFor(actions, press('?', 'Slash', { shiftKey: true }), false, false)?.id).toBe('help');
    expect(shortcutFor(actions, press('?', 'Slash', { shiftKey: true }), false, true)).toBeUndefined();
    expect(shortcutFor(actions, press('d', 'KeyD', { ctrlKey: true }), false, false)?.id).toBe('dashboard');
    expect(shortcutFor(actions, press('d', 'KeyD', { ctrlKey: true }), false, true)).toBeUndefined();
    expect(shortcutFor(actions, press('1', 'Digit1', { ctrlKey: true }), false, true)?.id).toBe('transactions');
    expect(shortcutFor(actions, press('x', 'KeyX'), false, false)).toBeUndefined();
  });

  it('the first candidate with the key wins (the screen’s are given before the shell’s)', () => {
    const both = [
      { id: 'screen', shortcut: HELP },
      { id: 'shell', shortcut: HELP },
    ];
    expect(shortcutFor(both, press('?', 'Slash', { shiftKey: true }), false, false)?.id).toBe('screen');
  });
});
