/**
 * A short answer beside the button that asked (copied, fetched, refused): announced politely when
 * it went well, at once (role="alert") when it did not.
 */
export function InlineNote({ note }: { note: { text: string; error: boolean } | null }) {
  if (!note) return null;
  return (
    <span className={note.error ? 'field__error' : 'muted'} role={note.error ? 'alert' : 'status'}>
      {note.text}
    </span>
  );
}
