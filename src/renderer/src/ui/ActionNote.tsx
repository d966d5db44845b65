export interface Note {
  text: string;
  error: boolean;
}

/**
 * What the last action on a screen came to, beside its buttons: a failure is announced at once
 * (alert), a success politely (status).
 */
export function ActionNote({ note }: { note: Note | null }) {
  if (!note) return null;
  return (
    <span className={note.error ? 'field__error' : 'muted'} role={note.error ? 'alert' : 'status'}>
      {note.text}
    </span>
  );
}
