/**
 * What happens when the person closes the last window while approved transfers or payments are
 * still unsent. The renderer does the sending, so closing the window would stop it: the person
 * is asked, and may keep it sending in the background (a tray icon on Windows and Linux, the
 * dock on macOS), quit (the rows stay queued for the next start), or stay. Never silently.
 *
 * Free of Electron so it is tested as it is; src/main/index.ts gives it the real window, dialog,
 * tray and app.
 */

export interface CloseQuestion {
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
}

export type CloseAnswer = 'background' | 'quit' | 'stay';

/** The parts of Electron it drives. */
export interface BackgroundDeps {
  platform: string;
  ask(question: CloseQuestion): Promise<number>;
  hideWindow(): void;
  showWindow(): void;
  /** A tray icon with a menu (Windows, Linux); the returned function removes it. */
  showTray(menu: { tooltip: string; items: { label: string; enabled: boolean; click?: () => void }[] }): () => void;
  /** Updates the dock's badge (macOS); '' clears it. */
  setDockBadge(text: string): void;
  notify(title: string, body: string): void;
  quit(): void;
}

export const BACKGROUND_BUTTONS = ['Keep sending in the background', 'Quit now', 'Cancel'] as const;

export function closeQuestion(unsent: number, platform: string): CloseQuestion {
  const items = unsent === 1 ? '1 approved item is' : `${unsent} approved items are`;
  const where = platform === 'darwin' ? 'in the Dock' : 'in the system tray';
  return {
    message: `${items} still waiting to be sent.`,
    detail: `Treasury Desktop sends them only while it runs. Keep it sending in the background (it stays ${where} and quits once everything is sent), or quit now: they stay queued, approved, and are sent the next time you open the app.`,
    buttons: [...BACKGROUND_BUTTONS],
    defaultId: 0,
    cancelId: 2,
  };
}

export function answerOf(response: number): CloseAnswer {
  return response === 0 ? 'background' : response === 1 ? 'quit' : 'stay';
}

export class BackgroundSending {
  private unsent = 0;
  private inBackground = false;
  private quitting = false;
  private asking = false;
  private removeTray: (() => void) | null = null;

  constructor(private readonly deps: BackgroundDeps) {}

  /** The renderer's count of approved rows not yet sent, over every profile. */
  setUnsent(count: number): void {
    this.unsent = count;
    if (!this.inBackground) return;
    if (count === 0) {
      // The job it stayed for is done.
      this.deps.notify('Treasury Desktop: everything sent', 'Every approved item was sent. The app has quit.');
      this.leaveBackground();
      this.quitting = true;
      this.deps.quit();
      return;
    }
    this.refreshIndicator();
  }

  get unsentCount(): number {
    return this.unsent;
  }

  get isInBackground(): boolean {
    return this.inBackground;
  }

  /** A quit the person already confirmed (the tray's Quit): nothing more is asked. */
  markQuitting(): void {
    this.quitting = true;
    this.leaveBackground();
  }

  /**
   * The last window is about to close, or the app to quit (menu, Dock, Cmd+Q). Returns true
   * when that must be held (the person is being asked; their answer hides the window, quits, or
   * keeps it); false lets it go, as it does when nothing is waiting or the quit was confirmed.
   */
  holdForUnsent(): boolean {
    if (this.quitting || this.unsent === 0) return false;
    if (this.asking) return true;
    this.asking = true;
    void this.deps
      .ask(closeQuestion(this.unsent, this.deps.platform))
      .then((response) => this.act(answerOf(response)))
      .finally(() => {
        this.asking = false;
      });
    return true;
  }

  /** The window is shown again (tray, dock, second launch): back to normal. */
  reopen(): void {
    this.leaveBackground();
    this.deps.showWindow();
  }

  private act(answer: CloseAnswer): void {
    if (answer === 'stay') return;
    if (answer === 'quit') {
      this.quitting = true;
      this.deps.quit();
      return;
    }
    // The count may have reached zero while the question was open.
    if (this.unsent === 0) {
      this.quitting = true;
      this.deps.quit();
      return;
    }
    this.inBackground = true;
    this.deps.hideWindow();
    this.refreshIndicator();
  }

  private refreshIndicator(): void {
    const label = `${this.unsent} waiting to send`;
    if (this.deps.platform === 'darwin') {
      this.deps.setDockBadge(String(this.unsent));
      return;
    }
    this.removeTray?.();
    this.removeTray = this.deps.showTray({
      tooltip: `Treasury Desktop: ${label}`,
      items: [
        { label, enabled: false },
        { label: 'Open Treasury Desktop', enabled: true, click: () => this.reopen() },
        {
          label: 'Quit (unsent items stay queued)',
          enabled: true,
          click: () => {
            this.markQuitting();
            this.deps.quit();
          },
        },
      ],
    });
  }

  private leaveBackground(): void {
    this.inBackground = false;
    this.removeTray?.();
    this.removeTray = null;
    if (this.deps.platform === 'darwin') this.deps.setDockBadge('');
  }
}
