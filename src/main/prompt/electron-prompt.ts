import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import type { TrustedPrompt } from './trusted-prompt';

/** The buttons' order: "no" first, so it is the default and what Escape or closing the box means. */
const NO = 0;
const YES = 1;

/**
 * main's question as a native message box on the app's window: drawn by the OS, outside the
 * page, so nothing in the renderer can read, press or hide it. Main's time limit closes it
 * (`signal`) as if canceled.
 */
export function electronPrompt(window: () => BrowserWindow | null): TrustedPrompt {
  return {
    ask: async (question, signal) => {
      const options: MessageBoxOptions = {
        type: 'warning',
        title: question.title,
        message: question.message,
        detail: question.detail.join('\n'),
        buttons: [question.cancel, question.confirm],
        defaultId: NO,
        cancelId: NO,
        noLink: true,
        signal,
      };
      const win = window();
      // A window the person cannot see (closed to the tray while items are sent) asks nobody: a
      // question popping up over other work, from a page nobody is looking at, is answered no.
      if (!win || !win.isVisible()) return false;
      const answer = await dialog.showMessageBox(win, options);
      return !signal.aborted && answer.response === YES;
    },
  };
}
