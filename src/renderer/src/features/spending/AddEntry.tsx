import { useId, useState, type ReactNode } from 'react';

export interface Suggestion {
  value: string;
  label: string;
}

interface Props {
  id: string;
  label: string;
  hint?: string;
  suggestions: readonly Suggestion[];
  /** Called with the trimmed text; the rule list validates it (a message shows beside the new row). */
  onAdd(entry: string): void;
  onTextChange?(text: string): void;
  disabled?: boolean;
  /** Shown under the field, e.g. whether a search is running. */
  status?: ReactNode;
  inputMode?: 'text' | 'numeric';
}

/**
 * A text field with suggestions (the browser's own datalist: arrow keys and Enter work in every
 * engine) and an Add button; Enter in the field adds too.
 */
export function AddEntry({ id, label, hint, suggestions, onAdd, onTextChange, disabled, status, inputMode = 'text' }: Props) {
  const [text, setText] = useState('');
  const listId = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const add = () => {
    const entry = text.trim();
    if (!entry) return;
    onAdd(entry);
    setText('');
    onTextChange?.('');
  };
  return (
    <div className="spending-rule__add">
      <div className="field">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <input
          id={id}
          className="field__input"
          list={listId}
          value={text}
          inputMode={inputMode}
          autoComplete="off"
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(e) => {
            setText(e.target.value);
            onTextChange?.(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds the entry instead of submitting the whole editor.
              e.preventDefault();
              add();
            }
          }}
        />
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </datalist>
        {hint ? (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        ) : null}
        {status}
      </div>
      <button type="button" className="button" onClick={add} disabled={disabled || !text.trim()}>
        Add
      </button>
    </div>
  );
}
