import type { IpcError } from '../../../../shared/ipc';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Schema messages are lower-case fragments; next to a field they read as sentences. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Splits main's error into the messages a field of this form can show and the rest. When every
 * problem found a field, the summary is dropped: repeating it above the form would only add noise.
 */
export function splitErrors<F extends string>(
  error: IpcError,
  names: readonly F[],
): { fields: FieldErrors<F>; other: string | null } {
  const fields: FieldErrors<F> = {};
  for (const f of error.fields ?? []) {
    const name = names.find((n) => n === f.path);
    if (name && !fields[name]) fields[name] = sentence(f.message);
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, other: placed && error.code === 'invalid-argument' ? null : error.message };
}
