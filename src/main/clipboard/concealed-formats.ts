/** A clipboard format written beside a secret's text, and its bytes. */
export interface ClipboardMarker {
  format: string;
  data: Uint8Array;
}

/** A DWORD 0: the value Windows reads as "no" for the two Can… formats. */
const DWORD_ZERO = new Uint8Array(4);

/**
 * The formats that mark a copied secret as one, per OS:
 * - macOS: `org.nspasteboard.ConcealedType` (nspasteboard.org): clipboard managers and Universal
 *   Clipboard leave it out; its content is not read, only its presence.
 * - Windows: `ExcludeClipboardContentFromMonitorProcessing` (clipboard monitors skip it), and
 *   `CanIncludeInClipboardHistory` / `CanUploadToCloudClipboard` set to a DWORD 0 (Win+V history
 *   and the cloud clipboard leave it out).
 * - Linux: `x-kde-passwordManagerHint` = "secret" (Klipper, and managers that follow it, keep no copy).
 */
export function concealedMarkers(platform: string): ClipboardMarker[] {
  if (platform === 'darwin') return [{ format: 'org.nspasteboard.ConcealedType', data: DWORD_ZERO }];
  if (platform === 'win32') {
    return [
      { format: 'ExcludeClipboardContentFromMonitorProcessing', data: DWORD_ZERO },
      { format: 'CanIncludeInClipboardHistory', data: DWORD_ZERO },
      { format: 'CanUploadToCloudClipboard', data: DWORD_ZERO },
    ];
  }
  return [{ format: 'x-kde-passwordManagerHint', data: new TextEncoder().encode('secret') }];
}
