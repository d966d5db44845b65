/** What a screen says beside a control after it acted: a status, or an alert when it failed. */
export function StatusNote({ note }: { note: { text: string; error: boolean } | null }) {
  if (!note) return null;
  return (
    <span className={note.error ? 'field__error' : 'muted'} role={note.error ? 'alert' : 'status'}>
      {note.text}
    </span>
  );
}
