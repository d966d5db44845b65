import type { MainCore } from '../../../src/main/core';
import type { Handlers, ServiceCallArg } from '../../../src/shared/ipc';

export interface HeldCalls {
  /** Resolves when the first call `which` picks has arrived (and is being held). */
  held: Promise<void>;
  /** Lets every held call go on (or fail, with `fail`) and stops holding new ones. */
  release(): void;
}

type ArgOf<C extends keyof Handlers> = Parameters<Handlers[C]>[0];

/**
 * Holds in main the calls of one channel that `which` picks until `release()`, so a test acts
 * or reads the screen while they run, however fast the machine is: no timing involved. `once`:
 * only the next such call is held, later ones go through; `fail`: a held call then fails (as a
 * fault inside the app would) instead of going on. The shim looks a handler up at each call, so
 * the swap is what the page reaches.
 */
export function holdChannel<C extends keyof Handlers>(
  core: MainCore,
  channel: C,
  which: (arg: ArgOf<C>) => boolean,
  options: { once?: boolean; fail?: boolean } = {},
): HeldCalls {
  const handlers = core.handlers as { -readonly [K in keyof Handlers]: Handlers[K] };
  // One channel's handler, called with its own argument: the table's union of signatures does not narrow by a generic key.
  const call = handlers[channel] as unknown as (arg: ArgOf<C>) => Promise<unknown>;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let heldNow!: () => void;
  const held = new Promise<void>((resolve) => (heldNow = resolve));
  const holding = async (arg: ArgOf<C>) => {
    if (!which(arg)) return call(arg);
    if (options.once) restore();
    heldNow();
    await gate;
    if (options.fail) throw new Error('held call failed on purpose');
    return call(arg);
  };
  const restore = () => {
    if (handlers[channel] === (holding as unknown)) handlers[channel] = call as unknown as Handlers[C];
  };
  handlers[channel] = holding as unknown as Handlers[C];
  return {
    held,
    release() {
      restore();
      open();
    },
  };
}

/** holdChannel for the service calls (reads and entity writes) the page makes through main. */
export function holdCalls(
  core: MainCore,
  which: (arg: ServiceCallArg) => boolean,
  options: { once?: boolean; fail?: boolean } = {},
): HeldCalls {
  return holdChannel(core, 'service:call', which, options);
}
