import type { MainCore } from '../../../src/main/core';
import type { Handlers, ServiceCallArg } from '../../../src/shared/ipc';

export interface HeldCalls {
  /** Resolves when the first call `which` picks has arrived (and is being held). */
  held: Promise<void>;
  /** Lets every held call go on (or fail, with `fail`) and stops holding new ones. */
  release(): void;
}

/**
 * Holds in main the service calls `which` picks until `release()`, so a test acts or reads the
 * screen while they run, however fast the machine is: no timing involved. `once`: only the next
 * such call is held, later ones go through; `fail`: a held call then fails (as a fault inside the
 * app would) instead of reaching the service. The shim looks a handler up at each call, so the
 * swap is what the page reaches.
 */
export function holdCalls(core: MainCore, which: (arg: ServiceCallArg) => boolean, options: { once?: boolean; fail?: boolean } = {}): HeldCalls {
  const handlers = core.handlers as { -readonly [K in keyof Handlers]: Handlers[K] };
  const call = handlers['service:call'];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let heldNow!: () => void;
  const held = new Promise<void>((resolve) => (heldNow = resolve));
  const restore = () => {
    if (handlers['service:call'] === holding) handlers['service:call'] = call;
  };
  const holding: Handlers['service:call'] = async (arg) => {
    if (!which(arg)) return call(arg);
    if (options.once) restore();
    heldNow();
    await gate;
    if (options.fail) throw new Error('held call failed on purpose');
    return call(arg);
  };
  handlers['service:call'] = holding;
  return {
    held,
    release() {
      restore();
      open();
    },
  };
}
