/**
 * A question main asks the person directly, which the page cannot answer, see or dismiss for
 * them: Electron's native dialog on the window, the Chromium host's own window (a page the app's
 * page has no reference to), a programmable fake in tests. Main asks before it reveals a card,
 * sends a typed key or address, or (in the Chromium host) writes an export.
 */
export interface PromptQuestion {
  /** What the question is about (tests and the harness tell questions apart by it). */
  kind:
    | 'reveal'
    | 'send-key'
    | 'change-address'
    | 'export'
    | 'workspace-connect'
    | 'workspace-pin'
    | 'workspace-sign'
    | 'commission';
  title: string;
  /** The question itself, one sentence. */
  message: string;
  /** The facts the person checks, one per line ("Card: …", "Profile: …"). */
  detail: string[];
  /** The button that says yes; the other one says no, and is the default. */
  confirm: string;
  cancel: string;
}

export interface TrustedPrompt {
  /**
   * Shows the question and answers true only when the person chose `confirm`: cancel, closing
   * it, or `signal` aborting (main gave up waiting) is false.
   */
  ask(question: PromptQuestion, signal: AbortSignal): Promise<boolean>;
}

/** How a question went, for the caller's message and its audit line. */
export type PromptOutcome = 'confirmed' | 'declined' | 'busy' | 'timed-out' | 'unavailable';

/** Why nothing happened, in words, for each outcome but 'confirmed'. */
export const PROMPT_REFUSALS: Record<Exclude<PromptOutcome, 'confirmed'>, string> = {
  declined: 'you chose not to in the confirmation',
  busy: 'another confirmation was already waiting for an answer; answer that one first',
  'timed-out': 'nobody answered the confirmation within 2 minutes',
  unavailable: 'this window cannot show a confirmation',
};

export const PROMPT_TIMEOUT_MS = 2 * 60_000;

// Line breaks, C0/C1 controls, and the invisible and direction-changing characters a name from
// the service (or a typed address) could use to make the question read as something else.
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** The longest line a question shows in full; longer ones are cut (a question listing what it signs refuses them instead). */
export const PROMPT_LINE_MAX = 300;
const MAX_LINE = PROMPT_LINE_MAX;
// Enough for a question that lists every row it signs (questions.ts: ROWS_PER_QUESTION and a few lines around them).
const MAX_LINES = 20;

/** One line as the question shows it: no control or invisible characters, and not too long. */
export function plainLine(text: string, max = MAX_LINE): string {
  const clean = text.replace(HIDDEN, ' ').replace(/ {2,}/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function plainQuestion(q: PromptQuestion): PromptQuestion {
  return {
    kind: q.kind,
    title: plainLine(q.title, 80),
    message: plainLine(q.message),
    detail: q.detail.slice(0, MAX_LINES).map((l) => plainLine(l)),
    confirm: plainLine(q.confirm, 40),
    cancel: plainLine(q.cancel, 40),
  };
}

export interface PromptGateOptions {
  timeoutMs?: number;
}

/**
 * The one way main asks: one question at a time (a page cannot pile up dialogs; a second ask
 * while one is open is refused at once), every text made plain, and an answer within a time
 * limit (then it counts as no). With no prompt at all every question is answered no.
 */
export class PromptGate {
  private open = false;
  private readonly timeoutMs: number;

  constructor(
    private readonly prompt: TrustedPrompt | null,
    options: PromptGateOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? PROMPT_TIMEOUT_MS;
  }

  /** Whether a question is on screen now. */
  get busy(): boolean {
    return this.open;
  }

  /**
   * Asks; synchronous up to showing the question, so two calls in the same turn cannot both
   * get through the one-at-a-time check.
   */
  ask(question: PromptQuestion): Promise<PromptOutcome> {
    if (!this.prompt) return Promise.resolve('unavailable');
    if (this.open) return Promise.resolve('busy');
    this.open = true;
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, this.timeoutMs);
    // A pending question must not keep the process alive on its own.
    (timer as { unref?: () => void }).unref?.();
    const asked = (async (): Promise<PromptOutcome> => {
      try {
        const yes = await (this.prompt as TrustedPrompt).ask(plainQuestion(question), abort.signal);
        if (timedOut) return 'timed-out';
        return yes ? 'confirmed' : 'declined';
      } catch {
        // A prompt that broke (its window crashed) is no consent.
        return timedOut ? 'timed-out' : 'declined';
      } finally {
        clearTimeout(timer);
        this.open = false;
      }
    })();
    return asked;
  }
}
