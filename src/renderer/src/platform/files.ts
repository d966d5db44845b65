import type { ExportKind, Result, SaveFinished, SaveStarted } from '../../../shared/ipc';
import { callMain } from './bridge';

/** Saving a file the renderer produces piece by piece: main asks where, and writes. */
export const files = {
  begin: (suggestedName: string, kind: ExportKind = 'csv'): Promise<Result<SaveStarted>> =>
    callMain((api) => api.files.saveBegin({ suggestedName, kind })),
  write: (exportId: string, chunk: string): Promise<Result<{ bytes: number }>> =>
    callMain((api) => api.files.saveWrite({ exportId, chunk })),
  end: (exportId: string): Promise<Result<SaveFinished>> => callMain((api) => api.files.saveEnd({ exportId })),
  abort: (exportId: string): Promise<Result<{ aborted: boolean }>> =>
    callMain((api) => api.files.saveAbort({ exportId })),
};
