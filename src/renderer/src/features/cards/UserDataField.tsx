import { USER_DATA_MAX_BYTES } from '../../../../shared/service';
import type { UserDataInput } from '../../cards/model/user-data';

interface Props {
  id: string;
  label: string;
  value: string;
  parsed: UserDataInput;
  rows: number;
  disabled?: boolean;
  onChange(text: string): void;
}

/** A card's userData as JSON text, with its size as sent (of 4,096 bytes) and what is wrong with it. */
export function UserDataField({ id, label, value, parsed, rows, disabled, onChange }: Props) {
  const sizeId = `${id}-size`;
  const errorId = `${id}-error`;
  return (
    <>
      <label className="field" htmlFor={id}>
        <span className="field__label">{label}</span>
      </label>
      <textarea
        id={id}
        className="field__input card-edit__json"
        rows={rows}
        spellCheck={false}
        value={value}
        disabled={disabled}
        aria-invalid={parsed.ok ? undefined : true}
        aria-describedby={parsed.ok ? sizeId : `${sizeId} ${errorId}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={sizeId} className={`field__hint${parsed.bytes > USER_DATA_MAX_BYTES ? ' field__hint--over' : ''}`}>
        {parsed.bytes.toLocaleString('en-US')} / {USER_DATA_MAX_BYTES.toLocaleString('en-US')} bytes
      </p>
      {!parsed.ok ? (
        <p id={errorId} className="field__error" role="alert">
          {parsed.message}
        </p>
      ) : null}
    </>
  );
}
