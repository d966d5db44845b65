import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { Card, CardGroup, Merchant, UtilizationPreset } from '../../../../shared/service';
import { UtilizationPreset as Presets } from '../../../../shared/service';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormError } from '../../ui/FormError';
import { TextField } from '../../ui/TextField';
import {
  constraintFromForm,
  formFromConstraint,
  emptyConstraintForm,
  MAX_LIMITS,
  newLimitForm,
  type ConstraintForm,
  type FieldErrors,
  type LimitForm,
  type ListRuleName,
} from '../../cards/model/constraint-form';
import { planConstraintWrite, type SaveMode } from '../../cards/model/constraint-write';
import { saveConstraint } from '../../cards/commands/save-constraint';
import { categoryWords, countryWords, mccWords, merchantEntryWords } from '../../cards/model/words';
import { GROUP_SPEND_WORDS } from '../../cards/model/describe-constraint';
import { useEntities } from '../../repos/entities-hooks';
import { ListRuleField } from './ListRuleField';
import { MerchantPicker } from './MerchantPicker';
import { CategoryPicker, CountryPicker, MccPicker, TimeZonePicker } from './Pickers';
import './spending.css';

export type ConstraintOwner = { kind: 'card'; card: Card } | { kind: 'group'; group: CardGroup };

interface Props {
  profileId: string;
  owner: ConstraintOwner;
  online: boolean;
  /** The clock "today" is read from (each limit's start date is checked in its own zone); tests pin it. */
  now?: () => number;
  onSaved?(): void;
}

interface PickerProps {
  id: string;
  onAdd(entry: string): void;
  disabled: boolean;
  profileId: string;
  online: boolean;
}

/** The four list rules, in the order the service checks them, each with its words and picker. */
const LIST_RULES: {
  name: ListRuleName;
  legend: string;
  noun: string;
  plural: string;
  describe(entry: string): string;
  picker(p: PickerProps): ReactNode;
}[] = [
  {
    name: 'merchants',
    legend: 'Merchants',
    noun: 'merchant',
    plural: 'merchants',
    describe: (m) => m,
    picker: (p) => <MerchantPicker {...p} />,
  },
  {
    name: 'categories',
    legend: 'Merchant categories',
    noun: 'category',
    plural: 'categories',
    describe: categoryWords,
    picker: (p) => <CategoryPicker id={p.id} onAdd={p.onAdd} disabled={p.disabled} />,
  },
  {
    name: 'mccs',
    legend: 'Merchant category codes (MCC)',
    noun: 'code',
    plural: 'codes',
    describe: mccWords,
    picker: (p) => <MccPicker id={p.id} onAdd={p.onAdd} disabled={p.disabled} />,
  },
  {
    name: 'countries',
    legend: 'Countries',
    noun: 'country',
    plural: 'countries',
    describe: countryWords,
    picker: (p) => <CountryPicker id={p.id} onAdd={p.onAdd} disabled={p.disabled} />,
  },
];

const PRESET_WORDS: Record<UtilizationPreset, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  collective: 'In total (never resets)',
};

function LimitRow(p: {
  id: string;
  index: number;
  limit: LimitForm;
  errors: FieldErrors;
  disabled: boolean;
  onChange(l: LimitForm): void;
  onRemove(): void;
}) {
  const at = `limits.${p.index}`;
  const e = (f: string) => p.errors[`${at}.${f}`];
  const presetId = `${p.id}-preset`;
  const presetError = e('preset');
  return (
    <li className="spending-limit" aria-label={`Limit ${p.index + 1}`}>
      <TextField
        id={`${p.id}-amount`}
        label="Amount"
        inputMode="decimal"
        placeholder="500.00"
        value={p.limit.amount}
        error={e('amount')}
        disabled={p.disabled}
        onChange={(ev) => p.onChange({ ...p.limit, amount: ev.target.value })}
      />
      <div className="field">
        <label htmlFor={presetId} className="field__label">
          Period
        </label>
        <select
          id={presetId}
          className="field__input"
          value={p.limit.preset}
          disabled={p.disabled}
          aria-invalid={presetError ? true : undefined}
          aria-describedby={presetError ? `${presetId}-error` : undefined}
          onChange={(ev) => p.onChange({ ...p.limit, preset: ev.target.value as UtilizationPreset })}
        >
          {Presets.options.map((o) => (
            <option key={o} value={o}>
              {PRESET_WORDS[o]}
            </option>
          ))}
        </select>
        {presetError ? (
          <p id={`${presetId}-error`} className="field__error" role="alert">
            {presetError}
          </p>
        ) : null}
      </div>
      <TimeZonePicker
        id={`${p.id}-tz`}
        value={p.limit.timezone}
        error={e('timezone')}
        disabled={p.disabled}
        onChange={(timezone) => p.onChange({ ...p.limit, timezone })}
      />
      <TextField
        id={`${p.id}-start`}
        label="Start date (optional)"
        type="date"
        hint={
          p.limit.preset === 'daily' || p.limit.preset === 'collective'
            ? 'Not used by this period.'
            : 'Periods are counted from this day; today or earlier, in the limit’s zone.'
        }
        value={p.limit.startDate}
        error={e('startDate')}
        disabled={p.disabled}
        onChange={(ev) => p.onChange({ ...p.limit, startDate: ev.target.value })}
      />
      <button
        type="button"
        className="button button--quiet"
        disabled={p.disabled}
        onClick={p.onRemove}
        aria-label={`Remove limit ${p.index + 1}`}
      >
        Remove limit
      </button>
    </li>
  );
}

/**
 * Edits the spending constraint of a card or a card group and saves it itself: "Save changes"
 * sends a PATCH of the members that changed, "Replace all" a PUT of the whole constraint, and
 * removing everything sends null. Invalid input shows a message beside its field and sends nothing.
 * Offline it is read-only and says why.
 */
export function ConstraintEditor({ profileId, owner, online, now = Date.now, onSaved }: Props) {
  const id = useId();
  const merchants = useEntities<Merchant>(profileId, 'merchant');
  const current = owner.kind === 'card' ? owner.card.spendingConstraint : owner.group.spendingConstraint;
  const ownerId = owner.kind === 'card' ? owner.card.id : owner.group.id;
  const currentKey = JSON.stringify(current ?? null);
  // Keyed on the content, so a re-read of the same constraint (a new object) keeps the edits.
  const initial = useMemo(() => formFromConstraint(JSON.parse(currentKey) as typeof current), [currentKey]);
  const [form, setForm] = useState<ConstraintForm>(initial);
  const [dirty, setDirty] = useState(false);
  const [mode, setMode] = useState<SaveMode>('edit');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  // A sync or another window changed the constraint: show it, unless the person is mid-edit.
  useEffect(() => {
    if (!dirty) setForm(initial);
  }, [initial, dirty]);

  const disabled = !online || busy;
  const edit = (next: ConstraintForm) => {
    setForm(next);
    setDirty(true);
    setNotice(null);
  };

  async function save(next: ConstraintForm, saveMode: SaveMode) {
    setFailure(null);
    setNotice(null);
    const result = constraintFromForm(next, now());
    if (!result.ok) {
      setErrors(result.errors);
      setFailure(
        `Nothing was sent: ${Object.keys(result.errors).length} field(s) need attention (see the messages beside them).`,
      );
      return;
    }
    setErrors({});
    const plan = planConstraintWrite(owner.kind, current, result.constraint, saveMode);
    if (plan.kind === 'none') {
      setNotice('Nothing changed: nothing was sent.');
      setDirty(false);
      return;
    }
    setBusy(true);
    const r = await saveConstraint(profileId, ownerId, plan);
    setBusy(false);
    if (!r.ok) {
      setFailure(`Not saved: ${r.error.message}`);
      return;
    }
    setDirty(false);
    setNotice(
      plan.kind === 'removeAll'
        ? 'Every constraint was removed.'
        : plan.kind === 'put'
          ? 'The constraint was replaced.'
          : 'The changes were saved.',
    );
    onSaved?.();
  }

  const ownerWords = owner.kind === 'card' ? `card “${owner.card.name}”` : `group “${owner.group.name}”`;
  return (
    <>
      <form
        className="form spending-editor"
        aria-label={`Spending constraint of ${ownerWords}`}
        aria-busy={busy || undefined}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(form, mode);
        }}
      >
        {!online ? (
          <p className="spending-editor__offline" role="status">
            Offline: constraints can be changed only while connected, because the service checks them when they are
            saved. What is shown is the last synced constraint.
          </p>
        ) : null}
        {owner.kind === 'group' ? <p className="form__hint">{GROUP_SPEND_WORDS}</p> : null}

        {LIST_RULES.map((r) => (
          <ListRuleField
            key={r.name}
            id={`${id}-${r.name}`}
            name={r.name}
            legend={r.legend}
            noun={r.noun}
            plural={r.plural}
            rule={form[r.name]}
            errors={errors}
            disabled={disabled}
            describe={r.name === 'merchants' ? (m) => merchantEntryWords(m, merchants?.items) : r.describe}
            onChange={(rule) => edit({ ...form, [r.name]: rule })}
            picker={(add) => r.picker({ id: `${id}-${r.name}-add`, onAdd: add, disabled, profileId, online })}
          />
        ))}

        <fieldset className="spending-rule">
          <legend>Spending limits</legend>
          {errors.limits ? (
            <p className="field__error" role="alert">
              {errors.limits}
            </p>
          ) : null}
          {form.limits.length === 0 ? <p className="field__hint">No limits: spending is not capped.</p> : null}
          <ul className="spending-rule__entries">
            {form.limits.map((l, i) => (
              <LimitRow
                key={l.key}
                id={`${id}-${l.key}`}
                index={i}
                limit={l}
                errors={errors}
                disabled={disabled}
                onChange={(next) => edit({ ...form, limits: form.limits.map((x, j) => (j === i ? next : x)) })}
                onRemove={() => edit({ ...form, limits: form.limits.filter((_, j) => j !== i) })}
              />
            ))}
          </ul>
          <div className="form__actions">
            <button
              type="button"
              className="button"
              disabled={disabled || form.limits.length >= MAX_LIMITS}
              onClick={() => edit({ ...form, limits: [...form.limits, newLimitForm()] })}
            >
              Add a limit
            </button>
          </div>
        </fieldset>

        <fieldset className="spending-rule">
          <legend>Size of one purchase</legend>
          <TextField
            id={`${id}-size-min`}
            label="Minimum (optional)"
            inputMode="decimal"
            placeholder="1.00"
            value={form.sizeMin}
            error={errors.sizeMin}
            disabled={disabled}
            onChange={(e) => edit({ ...form, sizeMin: e.target.value })}
          />
          <TextField
            id={`${id}-size-max`}
            label="Maximum (optional)"
            inputMode="decimal"
            placeholder="2,500.00"
            value={form.sizeMax}
            error={errors.sizeMax}
            disabled={disabled}
            onChange={(e) => edit({ ...form, sizeMax: e.target.value })}
          />
        </fieldset>

        <fieldset className="spending-editor__mode" disabled={disabled}>
          <legend className="field__label">How to save</legend>
          <label className="field--check">
            <input type="radio" name={`${id}-mode`} checked={mode === 'edit'} onChange={() => setMode('edit')} /> Change
            only what I edited
          </label>
          <label className="field--check">
            <input type="radio" name={`${id}-mode`} checked={mode === 'replace'} onChange={() => setMode('replace')} />{' '}
            Replace all (rules not shown here are dropped)
          </label>
        </fieldset>

        <FormError message={failure} />
        <div className="form__live" aria-live="polite">
          {notice ? <p className="form__saved">{notice}</p> : null}
          {busy ? <p className="form__progress">Saving…</p> : null}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={disabled}>
            {mode === 'replace' ? 'Replace constraint' : 'Save changes'}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || !dirty}
            onClick={() => {
              setForm(initial);
              setErrors({});
              setFailure(null);
              setDirty(false);
            }}
          >
            Discard edits
          </button>
          <button
            type="button"
            className="button button--danger-text"
            disabled={disabled || currentKey === 'null' || currentKey === '{}'}
            onClick={() => setConfirmRemove(true)}
          >
            Remove every constraint
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        title="Remove every constraint?"
        confirmLabel="Remove all"
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => {
          setConfirmRemove(false);
          const cleared = emptyConstraintForm();
          setForm(cleared);
          // Until the service answers, the cleared form is an edit: a failure leaves it to retry or discard.
          setDirty(true);
          void save(cleared, 'edit');
        }}
      >
        {`The ${ownerWords} will have no rules, limits or size bounds of its own${owner.kind === 'card' ? ' (its group’s still apply)' : ''}.`}
      </ConfirmDialog>
    </>
  );
}
