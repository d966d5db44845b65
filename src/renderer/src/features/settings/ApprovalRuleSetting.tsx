import { useState } from 'react';
import { parseDollars } from '../../outbox/model/money-input';
import { useApprovalRule } from '../../outbox/repo/outbox-hooks';
import { setApprovalRule } from '../../outbox/repo/approval-rule-repo';
import { useProfiles } from '../../stores/profiles';
import { money } from '../../model/format';

/** Settings → which transfers and payments of the profile on screen need a person's approval. */
export function ApprovalRuleSetting() {
  const profileId = useProfiles((s) => s.activeProfileId);
  const rule = useApprovalRule(profileId);
  const [threshold, setThreshold] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!profileId || !rule) return null;

  const saveAbove = async () => {
    const parsed = parseDollars(threshold);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    await setApprovalRule(profileId, { mode: 'above', thresholdCents: parsed.cents });
  };

  return (
    <fieldset className="field">
      <legend className="field__label">Which transfers and payments need approval</legend>
      <label>
        <input
          type="radio"
          name="approval-rule"
          checked={rule.mode === 'all'}
          onChange={() => void setApprovalRule(profileId, { mode: 'all' })}
        />{' '}
        Every one (recommended)
      </label>
      <label>
        <input
          type="radio"
          name="approval-rule"
          checked={rule.mode === 'above'}
          onChange={() => threshold && void saveAbove()}
        />{' '}
        Only those above an amount
        {rule.mode === 'above' ? ` (now ${money(rule.thresholdCents)})` : ''}
      </label>
      <div className="form__actions">
        <label htmlFor="approval-threshold" className="field__label">
          Amount (USD)
        </label>
        <input
          id="approval-threshold"
          className="field__input"
          inputMode="decimal"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'approval-threshold-error' : undefined}
        />
        <button type="button" className="button" onClick={() => void saveAbove()}>
          Use this amount
        </button>
      </div>
      {error ? (
        <p id="approval-threshold-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="field__hint">Notes never need approval. Items already queued keep the approval they had.</p>
    </fieldset>
  );
}
