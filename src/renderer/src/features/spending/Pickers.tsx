import { useMemo, useState } from 'react';
import { MCC_DESCRIPTIONS, MERCHANT_CATEGORY_NAMES } from '../../../../shared/spending/merchant-categories';
import { countryOptions, timeZoneOptions } from '../../cards/model/words';
import { AddEntry } from './AddEntry';

interface AddProps {
  id: string;
  onAdd(entry: string): void;
  disabled?: boolean;
}

/** Four-digit merchant category codes, suggested with their descriptions. */
export function MccPicker({ id, onAdd, disabled }: AddProps) {
  const suggestions = useMemo(() => Object.entries(MCC_DESCRIPTIONS).map(([value, label]) => ({ value, label: `${value} ${label}` })), []);
  return <AddEntry id={id} label="Add a merchant category code" hint="Four digits, such as 5812 (restaurants)." suggestions={suggestions} onAdd={onAdd} disabled={disabled} inputMode="numeric" />;
}

/** The coarse merchant categories (or an MCC, which a category rule also accepts). */
export function CategoryPicker({ id, onAdd, disabled }: AddProps) {
  const suggestions = useMemo(() => Object.entries(MERCHANT_CATEGORY_NAMES).map(([value, label]) => ({ value, label })), []);
  return <AddEntry id={id} label="Add a merchant category" hint="A category such as restaurants or travel." suggestions={suggestions} onAdd={onAdd} disabled={disabled} />;
}

/** ISO country codes with their names, from the runtime's own region names. */
export function CountryPicker({ id, onAdd, disabled }: AddProps) {
  const [code, setCode] = useState('');
  const options = useMemo(countryOptions, []);
  return (
    <div className="spending-rule__add">
      <div className="field">
        <label htmlFor={id} className="field__label">
          Add a country
        </label>
        <select id={id} className="field__input" value={code} disabled={disabled} onChange={(e) => setCode(e.target.value)}>
          <option value="">Choose a country…</option>
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button"
        disabled={disabled || !code}
        onClick={() => {
          onAdd(code);
          setCode('');
        }}
      >
        Add
      </button>
    </div>
  );
}

interface ZoneProps {
  id: string;
  label?: string;
  value: string;
  onChange(zone: string): void;
  error?: string | undefined;
  disabled?: boolean;
}

/** An IANA time-zone field suggesting every zone the runtime knows; typing narrows the list. */
export function TimeZonePicker({ id, label = 'Time zone', value, onChange, error, disabled }: ZoneProps) {
  const zones = useMemo(timeZoneOptions, []);
  const listId = `${id}-zones`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        list={listId}
        value={value}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
