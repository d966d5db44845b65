import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { countryOptions } from '../../cards/model/words';

export interface Suggestion {
  value: string;
  label?: string;
}

interface SuggestProps {
  id: string;
  value: string;
  onChange(text: string): void;
  suggestions: readonly Suggestion[];
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  inputMode?: 'text' | 'numeric';
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
}

/**
 * A text input with suggestions: the browser's own datalist, so arrow keys, Enter and screen
 * readers work as in any native field, and any text can still be typed.
 */
export function SuggestInput({
  id,
  value,
  onChange,
  suggestions,
  disabled,
  describedBy,
  invalid,
  inputMode = 'text',
  onKeyDown,
}: SuggestProps) {
  const listId = useId();
  return (
    <>
      <input
        id={id}
        className="field__input"
        list={listId}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
    </>
  );
}

interface CountrySelectProps {
  id: string;
  value: string;
  onChange(code: string): void;
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
}

/** ISO country codes with their names (the runtime's region names), sorted by name. */
export function CountrySelect({ id, value, onChange, disabled, describedBy, invalid }: CountrySelectProps) {
  const options = useMemo(countryOptions, []);
  return (
    <select
      id={id}
      className="field__input"
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Choose a country…</option>
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} ({c.code})
        </option>
      ))}
    </select>
  );
}

interface Props {
  id: string;
  label: string;
  hint?: string;
  suggestions: readonly Suggestion[];
  /** Called with the trimmed text; the rule list validates it (a message shows beside the new row). */
  onAdd(entry: string): void;
  onTextChange?(text: string): void;
  disabled?: boolean | undefined;
  /** Shown under the field, e.g. whether a search is running. */
  status?: ReactNode;
  inputMode?: 'text' | 'numeric';
}

/** A field with suggestions and an Add button; Enter in the field adds too. */
export function AddEntry({
  id,
  label,
  hint,
  suggestions,
  onAdd,
  onTextChange,
  disabled,
  status,
  inputMode = 'text',
}: Props) {
  const [text, setText] = useState('');
  const hintId = hint ? `${id}-hint` : undefined;
  const change = (next: string) => {
    setText(next);
    onTextChange?.(next);
  };
  const add = () => {
    const entry = text.trim();
    if (!entry) return;
    onAdd(entry);
    change('');
  };
  return (
    <div className="spending-rule__add">
      <div className="field">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <SuggestInput
          id={id}
          value={text}
          onChange={change}
          suggestions={suggestions}
          disabled={disabled}
          describedBy={hintId}
          inputMode={inputMode}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds the entry instead of submitting the whole editor.
              e.preventDefault();
              add();
            }
          }}
        />
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
