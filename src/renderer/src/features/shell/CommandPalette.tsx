import { Command } from 'cmdk';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Action } from '../../model/actions';
import { rankByQuery } from '../../model/fuzzy-match';
import { formatShortcut, matchesShortcut } from '../../model/shortcuts';
import { currentActions, useActionRegistry } from '../../stores/action-registry';
import { useAppInfo } from '../../stores/app-info';
import { useNavigation } from '../../stores/navigation';
import { ModalDialog } from '../../ui/ModalDialog';
import { PALETTE_SHORTCUT } from './shell-actions';
import './commands.css';

interface Props {
  open: boolean;
  onClose(): void;
  /** The person chose `action`: the host closes the palette, puts focus back, then runs it. */
  onChoose(action: Action): void;
}

/** The shell's groups, in the order the palette lists them after the screen's own. */
const GLOBAL_ORDER = ['Go to', 'Money', 'Profile', 'App'];

function grouped(actions: readonly Action[]): { name: string; actions: Action[] }[] {
  const groups = new Map<string, Action[]>();
  for (const a of actions) groups.set(a.group, [...(groups.get(a.group) ?? []), a]);
  return [...groups].map(([name, list]) => ({ name, actions: list }));
}

/**
 * The command palette: every screen, the current screen's actions and the app's, found by typing
 * a few letters of any word (fuzzy). A modal native <dialog> (focus stays in it, the page behind
 * is inert, Escape closes) around a cmdk combobox and listbox (arrows, Home/End, Enter).
 */
export function CommandPalette({ open, onClose, onChoose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const providers = useActionRegistry((s) => s.providers);
  const mac = useAppInfo((s) => s.mac);
  const section = useNavigation((s) => s.section);

  useEffect(() => {
    if (!open) return;
    setQuery('');
    input.current?.focus();
  }, [open]);

  const lists = open ? currentActions(providers) : { screen: [], global: [] };
  // The screen on show is not a place to go (its key stays bound, and listed in the sheet).
  const global = lists.global.filter((a) => a.id !== `go:${section}`);
  const ordered = [
    ...lists.screen,
    ...GLOBAL_ORDER.flatMap((g) => global.filter((a) => a.group === g)),
    ...global.filter((a) => !GLOBAL_ORDER.includes(a.group)),
  ];
  const ranked = query.trim()
    ? rankByQuery(ordered, query, (a) => ({ title: a.title, keywords: a.keywords ?? [] }))
    : ordered;
  const sections = query.trim() ? [{ name: 'Best matches', actions: ranked }] : grouped(ordered);
  const available = ranked.filter((a) => a.unavailable === undefined).length;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The key that opened it closes it again.
    if (matchesShortcut(PALETTE_SHORTCUT, e, mac)) {
      e.preventDefault();
      onClose();
    }
  };

  const item = (a: Action) => (
    <Command.Item
      key={a.id}
      value={a.id}
      disabled={a.unavailable !== undefined}
      onSelect={() => onChoose(a)}
      className="palette__item"
    >
      <span className="palette__title">{a.title}</span>
      {a.unavailable ? <span className="palette__why">Unavailable: {a.unavailable}</span> : null}
      {query.trim() ? <span className="palette__group">{a.group}</span> : null}
      {a.shortcut ? <kbd className="kbd">{formatShortcut(a.shortcut, mac)}</kbd> : null}
    </Command.Item>
  );

  return (
    <ModalDialog open={open} onClose={onClose} className="dialog palette" name={{ label: 'Command palette' }}>
      {open ? (
        <Command
          label="Command"
          shouldFilter={false}
          vimBindings={false}
          loop
          onKeyDown={onKeyDown}
          className="palette__root"
        >
          <Command.Input
            ref={input}
            value={query}
            onValueChange={setQuery}
            placeholder="Type a command or a screen, e.g. “aprv”"
            className="palette__input"
          />
          <Command.List label="Commands" className="palette__list">
            {ranked.length === 0 ? <p className="palette__empty">No command matches “{query}”.</p> : null}
            {sections.map((s) => (
              <Command.Group key={s.name} heading={s.name} className="palette__group-block">
                {s.actions.map(item)}
              </Command.Group>
            ))}
          </Command.List>
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {query.trim()
              ? `${ranked.length} ${ranked.length === 1 ? 'command matches' : 'commands match'}, ${available} available`
              : ''}
          </p>
          <p className="palette__help" aria-hidden="true">
            ↑ ↓ choose · Enter runs · Esc closes
          </p>
        </Command>
      ) : null}
    </ModalDialog>
  );
}
