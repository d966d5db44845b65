import type { Shortcut } from './shortcuts';

/**
 * A command a person can run from the palette (and, with a shortcut, from the keyboard): the
 * shell registers the ones that work anywhere, a screen the ones of what it shows while it is
 * mounted. The palette lists them, the help sheet lists their shortcuts, and the key handler
 * runs them: one list, so none of the three can say something the others do not do.
 */
export interface Action {
  /** Stable and unique; a screen's action replaces the shell's one with the same id. */
  id: string;
  /** What it does, in words, naming what it acts on ("Approve: Transfer $12.00 …"). */
  title: string;
  /** The palette's heading for it ("Go to", "Selected item", …). */
  group: string;
  /** Other words a person may type for it. */
  keywords?: readonly string[];
  shortcut?: Shortcut;
  /** Why it cannot run now, in words ("Offline"); absent when it can. */
  unavailable?: string;
  run(): unknown;
}

export interface ActionLists {
  /** The current screen's, in the order its parts registered them. */
  screen: Action[];
  /** The shell's, less those the screen replaces. */
  global: Action[];
}

/**
 * The actions in force: a screen's action with the id of a global one replaces it there (the
 * shell's "New transfer" opens the Transfers screen; on that screen, the screen's own opens its panel),
 * and a repeated id within a scope keeps its first registration.
 */
export function mergeActions(screen: readonly Action[], global: readonly Action[]): ActionLists {
  const seen = new Set<string>();
  const keep = (a: Action) => {
    if (seen.has(a.id)) return false;
    seen.add(a.id);
    return true;
  };
  const screenKept = screen.filter(keep);
  return { screen: screenKept, global: global.filter(keep) };
}

/** A screen's "New …" button as a command; like the button, it needs the service. */
export function newItemAction(id: string, title: string, online: boolean, open: () => void): Action {
  return {
    id,
    title,
    group: 'This screen',
    keywords: ['create', 'add'],
    ...(online ? {} : { unavailable: 'Offline' }),
    run: open,
  };
}
