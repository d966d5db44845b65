import { clipboard, ClipboardItem } from 'electron';
import type { SystemClipboard } from './secret-clipboard';

/**
 * Electron 45's clipboard as main's SystemClipboard. A secret goes in one `clipboard.write` of one
 * item holding the text and each marker as a raw OS format (`electron application/osclipboard`):
 * Electron commits the entries of one write together, while separate writes would each replace
 * what the one before put there.
 */
export function electronClipboard(): SystemClipboard {
  return {
    readText: () => clipboard.readText(),
    writeText: (text) => clipboard.writeText(text),
    writeSecret: (text, markers) => {
      const entries: Record<string, string | Blob> = { 'text/plain': text };
      for (const m of markers)
        entries[`electron application/osclipboard;format="${m.format}"`] = new Blob([Uint8Array.from(m.data)]);
      return clipboard.write([new ClipboardItem(entries)]);
    },
    clear: () => clipboard.clear(),
  };
}
