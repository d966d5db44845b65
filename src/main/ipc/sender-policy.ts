import { isAppUrl } from '../window/window-policy';

/** What main knows about who sent an IPC call (read off Electron's event by register.ts). */
export interface SenderFacts {
  /** The sending frame's URL; null when the frame is gone. */
  frameUrl: string | null;
  /** Whether the frame is the top frame of its page (not an iframe). */
  isMainFrame: boolean;
  /** The sending webContents. */
  senderId: number;
  /** The webContents of our open windows. */
  windowIds: number[];
  /**
   * The app's fixed origin, decided at start-up. Never the window's current URL: a window that
   * was navigated to a foreign page would then vouch for that page.
   */
  appOrigin: string;
}

/** Only the top frame of one of our windows, showing the app itself, may call main. */
export function isTrustedSender(f: SenderFacts): boolean {
  return f.frameUrl !== null && f.isMainFrame && f.windowIds.includes(f.senderId) && isAppUrl(f.frameUrl, f.appOrigin);
}
