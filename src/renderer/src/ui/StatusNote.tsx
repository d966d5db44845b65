/** What the last action came to: a status, or an alert when it failed. */
export interface Note {
  text: string;
  error: boolean;
}

/**
 * A short answer beside the control that asked (fetched, copied, refused): announced politely
 * when it went well (status), at once when it did not (alert).
 */
export function StatusNote({ note }: { note: Note | null }) {
  if (!note) return null;
  return (
    <span className={note.error ? 'field__error' : 'muted'} role={note.error ? 'alert' : 'status'}>
      {note.text}
    </span>
  );
}
