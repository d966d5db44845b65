import type { ReactNode } from 'react';
import type { Restriction } from '../../../../shared/service';
import type { FieldErrors, ListRuleForm, ListRuleName } from '../../cards/model/constraint-form';

interface Props {
  id: string;
  name: ListRuleName;
  legend: string;
  /** "merchant", "country"…: used in the empty state. */
  noun: string;
  /** "Listed countries are": English plurals are not all noun + s. */
  plural: string;
  rule: ListRuleForm;
  errors: FieldErrors;
  onChange(rule: ListRuleForm): void;
  /** Words for an entry, e.g. "5812 Restaurants". */
  describe(entry: string): string;
  /** The picker; it calls the `add` it is given. */
  picker(add: (entry: string) => void): ReactNode;
  disabled?: boolean;
}

/** One list rule (merchants, categories, countries, MCCs): allow or block, the entries, a picker. */
export function ListRuleField({
  id,
  name,
  legend,
  noun,
  plural,
  rule,
  errors,
  onChange,
  describe,
  picker,
  disabled,
}: Props) {
  const restrictionId = `${id}-restriction`;
  const setRestriction = (restriction: Restriction) => onChange({ ...rule, restriction });
  return (
    <fieldset className="spending-rule" aria-describedby={`${id}-summary`}>
      <legend>{legend}</legend>
      <div className="field">
        <label htmlFor={restrictionId} className="field__label">
          Listed {plural} are
        </label>
        <select
          id={restrictionId}
          className="field__input"
          value={rule.restriction}
          disabled={disabled}
          onChange={(e) => setRestriction(e.target.value as Restriction)}
        >
          <option value="allowlist">the only ones allowed (allowlist)</option>
          <option value="blacklist">blocked, all others allowed (blocklist)</option>
        </select>
      </div>
      <p id={`${id}-summary`} className="field__hint">
        {rule.entries.length === 0
          ? `No ${noun} rule: every ${noun} passes. Add one to make a rule.`
          : `${rule.entries.length} listed.`}
      </p>
      {rule.entries.length ? (
        <ul className="spending-rule__entries">
          {rule.entries.map((entry, i) => {
            const error = errors[`${name}.entries.${i}`];
            const errorId = `${id}-entry-${i}-error`;
            return (
              <li key={`${i}-${entry}`} className="spending-rule__entry">
                <span aria-describedby={error ? errorId : undefined}>{describe(entry) || '(empty)'}</span>
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={disabled}
                  aria-label={`Remove ${describe(entry) || `empty ${noun}`}`}
                  onClick={() => onChange({ ...rule, entries: rule.entries.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
                {error ? (
                  <p id={errorId} className="field__error" role="alert">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {picker((entry) => onChange({ ...rule, entries: [...rule.entries, entry] }))}
    </fieldset>
  );
}
