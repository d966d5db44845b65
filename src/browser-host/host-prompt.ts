import type { BrowserContext, Page } from '@playwright/test';
import type { PromptQuestion, TrustedPrompt } from '../main/prompt/trusted-prompt';

/** A question on screen: its own page, and what main asked (the harness reads the page, as a person would). */
export interface ShownPrompt {
  page: Page;
  question: PromptQuestion;
}

const ANSWER_BINDING = '__treasuryPromptAnswer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// No network, no frames, nothing but this page's own inline style and script.
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The question as a small page: the "no" button focused, Escape is no. */
export function promptHtml(q: PromptQuestion): string {
  const lines = q.detail.map((l) => `<li>${escapeHtml(l)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<title>Treasury Desktop: ${escapeHtml(q.title)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;padding:24px;color:#1b1f24;background:#fff}
h1{font-size:18px;margin:0 0 12px}p{margin:0 0 12px}ul{margin:0 0 20px;padding-left:20px;color:#3b434d}
li{overflow-wrap:anywhere}.buttons{display:flex;gap:12px;justify-content:flex-end}
button{font:inherit;padding:6px 16px;border-radius:6px;border:1px solid #8a939e;background:#f3f5f7}
#yes{background:#9b2c1f;border-color:#9b2c1f;color:#fff}
</style></head>
<body><main role="alertdialog" aria-labelledby="title" aria-describedby="message">
<h1 id="title">${escapeHtml(q.title)}</h1>
<p id="message">${escapeHtml(q.message)}</p>
<ul aria-label="Details">${lines}</ul>
<div class="buttons"><button id="no" type="button" autofocus>${escapeHtml(q.cancel)}</button><button id="yes" type="button">${escapeHtml(q.confirm)}</button></div>
</main>
<script>
const answer = (yes) => window.${ANSWER_BINDING}(yes);
document.getElementById('no').addEventListener('click', () => answer(false));
document.getElementById('yes').addEventListener('click', () => answer(true));
addEventListener('keydown', (e) => { if (e.key === 'Escape') answer(false); });
</script></body></html>`;
}

/**
 * main's question in the Chromium host: a page of its own in the same browser, which the app's
 * page cannot reach. It is opened by the host (no opener, no name the page could look up), its
 * document is about:blank filled in by the host (an opaque origin, never the app's), and the
 * binding that carries the answer exists on that page alone and takes answers only from its top
 * frame. `npm start` shows it to the person as a window of its own; the e2e harness reads and
 * answers it through `shown()`. Closing it is no; main's time limit closes it.
 */
export class HostPrompt implements TrustedPrompt {
  private readonly queue: ShownPrompt[] = [];
  private readonly waiters: ((p: ShownPrompt) => void)[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly options: { window?: { width: number; height: number } } = {},
  ) {}

  async ask(question: PromptQuestion, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return false;
    const page = await this.context.newPage();
    let settle: (yes: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((resolve) => (settle = resolve));
    const onAbort = () => settle(false);
    signal.addEventListener('abort', onAbort, { once: true });
    page.once('close', () => settle(false));
    try {
      await page.exposeBinding(ANSWER_BINDING, (source, yes: unknown) => {
        if (source.page !== page || source.frame !== page.mainFrame()) return;
        settle(yes === true);
      });
      await page.setContent(promptHtml(question));
      await this.place(page);
      this.announce({ page, question });
      return await answered;
    } finally {
      signal.removeEventListener('abort', onAbort);
      await page.close().catch(() => undefined);
    }
  }

  /** The next question shown (in order, each once): what the harness answers. `signal` stops the wait. */
  shown(signal?: AbortSignal): Promise<ShownPrompt> {
    const next = this.queue.shift();
    if (next) return Promise.resolve(next);
    return new Promise((resolve, reject) => {
      const waiter = (p: ShownPrompt) => {
        signal?.removeEventListener('abort', stop);
        resolve(p);
      };
      const stop = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('stopped waiting for a question'));
      };
      if (signal?.aborted) return stop();
      signal?.addEventListener('abort', stop, { once: true });
      this.waiters.push(waiter);
    });
  }

  private announce(p: ShownPrompt): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(p);
    else this.queue.push(p);
  }

  /** In a real window: small, and in front of the app's. */
  private async place(page: Page): Promise<void> {
    const size = this.options.window;
    if (size) {
      // Best effort: a window manager may refuse; the question is still shown.
      const cdp = await this.context.newCDPSession(page).catch(() => null);
      if (cdp) {
        try {
          const { windowId } = (await cdp.send('Browser.getWindowForTarget')) as { windowId: number };
          await cdp.send('Browser.setWindowBounds', { windowId, bounds: { ...size, windowState: 'normal' } });
        } catch {
          // The default size will do.
        } finally {
          await cdp.detach().catch(() => undefined);
        }
      }
    }
    await page.bringToFront();
  }
}
