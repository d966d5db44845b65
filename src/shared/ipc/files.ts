import { z } from 'zod';
import { exportNameProblem } from '../export-name';
import { channel } from './define';

/** A file the renderer streams out through main (an export): main owns the dialog and the disk. */
export interface SaveStarted {
  /** Null when the person canceled the save dialog. */
  exportId: string | null;
  /** The file name chosen (not the folder): for "Exporting to …". */
  fileName?: string;
}

export interface SaveFinished {
  path: string;
  bytes: number;
}

/** What can be exported; main forces each kind's extension on the file it writes. */
export const EXPORT_KINDS = ['csv', 'ofx'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const ExportId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
/** A piece of the file; several small pieces, so a million rows never make one string. */
export const MAX_SAVE_CHUNK = 4 * 1024 * 1024;

export const filesChannels = {
  'files:saveBegin': channel<SaveStarted>()(
    z.strictObject({
      suggestedName: z.string().superRefine((name, ctx) => {
        const problem = exportNameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      kind: z.enum(EXPORT_KINDS),
    }),
  ),
  'files:saveWrite': channel<{ bytes: number }>()(
    z.strictObject({ exportId: ExportId, chunk: z.string().max(MAX_SAVE_CHUNK) }),
  ),
  'files:saveEnd': channel<SaveFinished>()(z.strictObject({ exportId: ExportId })),
  'files:saveAbort': channel<{ aborted: boolean }>()(z.strictObject({ exportId: ExportId })),
} as const;
