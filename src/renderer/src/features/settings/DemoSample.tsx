import { useEffect, useRef, useState } from 'react';
import { DEMO_SIZES, type DemoInfo } from '../../../../shared/ipc';
import { callMain } from '../../platform/bridge';
import { useProfiles } from '../../stores/profiles';
import { resetDemo } from '../../app/reset-demo';
import { DemoResetProgress } from '../../parts/sync-status/DemoResetProgress';
import { useScreenActions } from '../../stores/action-registry';

const fmt = (n: number) => n.toLocaleString('en-US');

/** Settings → the Demo's sample history: feel the scale with 100,000 or 1,000,000 transactions. */
export function DemoSample() {
  const activeId = useProfiles((s) => s.activeProfileId);
  const [info, setInfo] = useState<DemoInfo | null>(null);
  const [choice, setChoice] = useState<number>(DEMO_SIZES[0]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    void callMain((api) => api.demo.info()).then((r) => {
      if (r.ok) {
        setInfo(r.value);
        setChoice(r.value.transactions);
      }
    });
  }, []);

  const reset = async () => {
    setBusy(true);
    setMessage(null);
    const r = await resetDemo(choice as DemoInfo['transactions'], activeId === 'demo');
    setBusy(false);
    if (!r.ok) {
      setMessage({ text: r.error.message, error: true });
      return;
    }
    setInfo(r.value);
    setMessage({
      text: `The Demo now has ${fmt(r.value.transactions)} transactions. ${activeId === 'demo' ? 'They are downloading: the Transactions screen shows the progress.' : 'Switch to the Demo profile to download them.'}`,
      error: false,
    });
  };

  const size = useRef<HTMLSelectElement>(null);
  useScreenActions([
    {
      id: 'demo:size',
      title: 'Choose the Demo’s sample size',
      group: 'This screen',
      keywords: ['reset', 'transactions'],
      run: () => size.current?.focus(),
    },
    // Here the palette's "Reset the Demo" is the button itself, with the size chosen above.
    {
      id: 'demo:reset',
      title: `Reset the Demo with ${fmt(choice)} transactions`,
      group: 'This screen',
      keywords: ['sample', 'fresh data'],
      ...(busy ? { unavailable: 'A reset is under way' } : {}),
      run: reset,
    },
  ]);

  return (
    <div className="demo-sample">
      <p className="panel__intro">
        The Demo runs on a simulated service with a sample history
        {info ? ` of ${fmt(info.transactions)} transactions` : ''}. A larger sample shows how the app handles a long
        history; it replaces the Demo’s data (its drafts and settings are not affected).
      </p>
      <div className="form__actions">
        <label htmlFor="demo-size" className="field__label">
          Sample size
        </label>
        <select
          ref={size}
          id="demo-size"
          className="field__input"
          value={choice}
          onChange={(e) => setChoice(Number(e.target.value))}
          disabled={busy}
        >
          {DEMO_SIZES.map((n) => (
            <option key={n} value={n}>
              {fmt(n)} transactions
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={() => void reset()} disabled={busy}>
          {busy ? `Preparing ${fmt(choice)} transactions…` : 'Reset the Demo'}
        </button>
      </div>
      <DemoResetProgress />
      {message ? (
        <p
          className={message.error ? 'form__error' : 'form__saved'}
          role={message.error ? 'alert' : undefined}
          aria-live="polite"
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
