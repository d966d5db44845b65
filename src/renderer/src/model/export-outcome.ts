/** How an export ended (exports/commands/save-in-pieces.ts returns it; ui/ExportOutcomeNote.tsx shows it). */
export type ExportOutcome =
  | { kind: 'saved'; path: string; rows: number; bytes: number }
  | { kind: 'canceled' }
  | { kind: 'failed'; message: string };
