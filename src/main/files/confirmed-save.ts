import { basename, dirname } from 'node:path';
import { describeRetry, describeRules, type WindowLimit, type WindowRule } from '../limits/window-limit';
import { PROMPT_REFUSALS, type PromptGate, type PromptQuestion } from '../prompt/trusted-prompt';
import { FileExportError } from './file-exports';
import { saveInFolder, type SaveDialog } from './save-dialog';

/** Exports begun per window where main's own prompt stands in for a save dialog. */
export const EXPORT_COUNT_RULES: readonly WindowRule[] = [
  { windowMs: 60_000, max: 5, per: 'a minute' },
  { windowMs: 3_600_000, max: 30, per: 'an hour' },
];

/** Bytes written per hour by those exports: several full exports of a million rows (about 250 MB each). */
export const EXPORT_BYTE_RULES: readonly WindowRule[] = [
  { windowMs: 3_600_000, max: 2 * 1024 * 1024 * 1024, per: 'an hour' },
];

export function exportQuestion(path: string): PromptQuestion {
  return {
    kind: 'export',
    title: 'Save an export',
    message: `Save “${basename(path)}” in ${dirname(path)}?`,
    detail: [`File: ${path}`, 'Nothing is written unless you choose Save.'],
    confirm: 'Save',
    cancel: 'Cancel',
  };
}

/**
 * Where there is no native save dialog (the Chromium host): the file goes to the export folder
 * under the suggested name, but only after the person confirmed that exact file in main's own
 * prompt, and within a count of exports per window (a page asking again and again meets it and
 * is refused with when it may try again). "Cancel" is a canceled dialog: nothing is written.
 */
export function confirmedSaveInFolder(
  dir: string,
  prompt: PromptGate,
  count: WindowLimit,
  now: () => number,
): SaveDialog {
  const inFolder = saveInFolder(dir);
  return async (options) => {
    const path = await inFolder(options);
    if (!path) return null;
    const allowed = count.take('exports');
    if (!allowed.ok) {
      throw new FileExportError(
        'quota',
        `Nothing was saved: exports are limited to ${describeRules(count.rules)}, and that many were started. You can export again ${describeRetry(allowed.retryAt, now())}.`,
      );
    }
    const outcome = await prompt.ask(exportQuestion(path));
    if (outcome === 'confirmed') return path;
    if (outcome === 'declined') return null;
    throw new FileExportError('declined', `Nothing was saved: ${PROMPT_REFUSALS[outcome]}.`);
  };
}
