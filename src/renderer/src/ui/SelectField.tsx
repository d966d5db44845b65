import type { SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  /** Label above a narrow control, in a row of filters. */
  inline?: boolean;
}

/** A labelled drop-down of options: the one way the screens offer a choice from a list. */
export function SelectField({ label, value, options, onChange, inline = false, className, ...select }: Props) {
  return (
    <label className={`field${inline ? ' field--inline' : ''}`}>
      <span className="field__label">{label}</span>
      <select
        className={`field__input${className ? ` ${className}` : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
