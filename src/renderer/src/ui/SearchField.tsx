import type { InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  label: string;
  value: string;
  onChange(text: string): void;
}

/** A labelled search box over a saved list, filtering as the person types. */
export function SearchField({ label, value, onChange, className, ...input }: Props) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <input
        type="search"
        className={`field__input${className ? ` ${className}` : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
    </label>
  );
}
