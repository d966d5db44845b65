import { useMemo, useState } from 'react';
import { MCC_DESCRIPTIONS, MERCHANT_CATEGORY_NAMES } from '../../../../shared/spending/merchant-categories';
import { timeZoneOptions } from '../../cards/model/words';
import { AddEntry, CountrySelect, SuggestInput } from './AddEntry';

interface AddProps {
  id: string;
  onAdd(entry: string): void;
  disabled?: boolean | undefined;
}

/** Four-digit merchant category codes, suggested with their descriptions. */
export function MccPicker({ id, onAdd, disabled }: AddProps) {
  const suggestions = useMemo(
    () => Object.entries(MCC_DESCRIPTIONS).map(([value, label]) => ({ value, label: `${value} ${label}` })),
    [],
  );
  return (
    <AddEntry
      id={id}
      label="Add a merchant category code"
      hint="Four digits, such as 5812 (restaurants)."
      suggestions={suggestions}
      onAdd={onAdd}
      disabled={disabled}
      inputMode="numeric"
    />
  );
}

/** The coarse merchant categories (or an MCC, which a category rule also accepts). */
export function CategoryPicker({ id, onAdd, disabled }: AddProps) {
  const suggestions = useMemo(
    () => Object.entries(MERCHANT_CATEGORY_NAMES).map(([value, label]) => ({ value, label })),
    [],
  );
  return (
    <AddEntry
      id={id}
      label="Add a merchant category"
      hint="One of the suggested categories, such as restaurants or travel, or a four-digit MCC; any other name would match no purchase."
      suggestions={suggestions}
      onAdd={onAdd}
      disabled={disabled}
    />
  );
}

/** ISO country codes with their names. */
export function CountryPicker({ id, onAdd, disabled }: AddProps) {
  const [code, setCode] = useState('');
  return (
    <div className="spending-rule__add">
      <div className="field">
        <label htmlFor={id} className="field__label">
          Add a country
        </label>
        <CountrySelect id={id} value={code} onChange={setCode} disabled={disabled} />
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
  disabled?: boolean | undefined;
}

/** An IANA time-zone field suggesting every zone the runtime knows; typing narrows the list. */
export function TimeZonePicker({ id, label = 'Time zone', value, onChange, error, disabled }: ZoneProps) {
  const zones = useMemo(() => timeZoneOptions().map((value) => ({ value })), []);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <SuggestInput
        id={id}
        value={value}
        onChange={onChange}
        suggestions={zones}
        disabled={disabled}
        invalid={Boolean(error)}
        describedBy={errorId}
      />
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
