import { useEffect, useId, useRef } from 'react';
import type { Action } from '../../model/actions';
import { formatShortcut, type Shortcut } from '../../model/shortcuts';
import { currentActions, useActionRegistry } from '../../stores/action-registry';
import { useAppInfo } from '../../stores/app-info';
import { ModalDialog } from '../../ui/ModalDialog';
import './commands.css';

interface Keyed {
  action: Action;
  shortcut: Shortcut;
}

const withKeys = (actions: readonly Action[]): Keyed[] =>
  actions.flatMap((action) => (action.shortcut ? [{ action, shortcut: action.shortcut }] : []));

interface Props {
  open: boolean;
  /** The screen on show, named in the heading of its own shortcuts. */
  screenLabel: string;
  onClose(): void;
}

/**
 * Every keyboard shortcut in force, read from the same registry the key handler runs, so the
 * sheet lists what the keys do and nothing else. A modal native <dialog> like the palette.
 */
export function ShortcutSheet({ open, screenLabel, onClose }: Props) {
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const providers = useActionRegistry((s) => s.providers);
  const mac = useAppInfo((s) => s.mac);

  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);

  const lists = open ? currentActions(providers) : { screen: [], global: [] };
  const tables = [
    { caption: `On this screen (${screenLabel})`, rows: withKeys(lists.screen) },
    { caption: 'Anywhere', rows: withKeys(lists.global) },
  ].filter((t) => t.rows.length > 0);

  const row = ({ action: a, shortcut }: Keyed) => (
    <tr key={a.id}>
      <td>
        <kbd className="kbd">{formatShortcut(shortcut, mac)}</kbd>
      </td>
      <td>
        {a.title}
        {shortcut.inFields ? null : <span className="shortcuts__note"> (not while typing in a field)</span>}
        {a.unavailable ? <span className="shortcuts__note"> (unavailable now: {a.unavailable})</span> : null}
      </td>
    </tr>
  );

  return (
    <ModalDialog open={open} onClose={onClose} className="dialog shortcuts" name={{ labelledBy: titleId }}>
      <h2 id={titleId} className="dialog__title">
        Keyboard shortcuts
      </h2>
      {open ? (
        <>
          {tables.map((t) => (
            <table key={t.caption}>
              <caption>{t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Keys</th>
                  <th scope="col">Does</th>
                </tr>
              </thead>
              <tbody>{t.rows.map(row)}</tbody>
            </table>
          ))}
          <p className="shortcuts__note">
            In the command palette, ↑ and ↓ choose, Enter runs the command and Escape closes it.
          </p>
          <div className="dialog__actions">
            <button type="button" className="button" ref={close} onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}
