/**
 * The rule for the file name an export suggests (the renderer picks it; main saves under it, in
 * the Chromium host with no dialog in between). One rule for the IPC contract and for main.
 */

// Separators and the characters Windows refuses in names; C0/C1 controls and DEL (a line break
// or an escape in a name misleads whoever reads a listing); and the Unicode bidi controls, which
// can make "report\u202Evsc.exe" display as "reportexe.csv".
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const EXPORT_NAME_MAX_LENGTH = 200;

/** Why `name` cannot be an export's file name, or null when it can. */
export function exportNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > EXPORT_NAME_MAX_LENGTH)
    return `give the file a name of 1 to ${EXPORT_NAME_MAX_LENGTH} characters`;
  if (FORBIDDEN.test(name)) {
    return 'a file name cannot contain a folder (/ or \\), control or text-direction characters, or any of : * ? " < > |';
  }
  if (name === '.' || name === '..' || name.trim() === '') return 'a file name cannot be blank, "." or ".."';
  return null;
}
