import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RevealAuditList } from '../../../../shared/ipc';
import type { Card } from '../../../../shared/service';
import { copySecret } from '../../cards/commands/copy';
import { loadReveals, revealCard } from '../../cards/commands/reveal';
import { useScreenActions } from '../../stores/action-registry';
import type { Action } from '../../model/actions';
import { RevealHistory } from './RevealHistory';
import './card-secrets.css';

interface Props {
  profileId: string;
  card: Card;
  online: boolean;
}

/** What one reveal showed, tagged with the card it belongs to so it can never show on another. */
interface Shown {
  cardKey: string;
  last4: string;
  pan?: string;
  cvv?: string;
  /** Date.now() at which it goes (page.clock drives Date and the timers in tests). */
  hidesAt: number;
}

const TICK_MS = 1_000;
const LATEST_REVEALS = 5;

/** "4111 1111 1111 1111": groups of four, as printed on a card, easier to read aloud. */
function grouped(pan: string): string {
  return pan.replace(/(.{4})(?=.)/g, '$1 ');
}

function secondsLeft(hidesAt: number, now: number): number {
  return Math.max(0, Math.ceil((hidesAt - now) / 1_000));
}

const COPY_REFUSED =
  'Copying the shown number or code this way is off: use “Copy number” or “Copy code”, which clear the clipboard after 30 s.';

/**
 * A card's number and code, on demand. Shows the last four until someone clicks "Reveal";
 * then main's reveal channel answers and the values live in this component's state only (no
 * store, no database, no log), for 30 s, until "Hide", until the card changes or until the
 * component goes. Copy goes through main, which clears the clipboard after 30 s.
 */
export function CardSecrets({ profileId, card, online }: Props) {
  const cardKey = `${profileId}\u0000${card.id}`;
  const [shown, setShown] = useState<Shown | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [reveals, setReveals] = useState<RevealAuditList | null>(null);
  const [revealsError, setRevealsError] = useState<string | null>(null);
  // The card a reveal in flight was asked for: an answer for another card (or after unmount) is dropped.
  const current = useRef<string | null>(cardKey);
  const offlineId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const valuesRef = useRef<HTMLDListElement>(null);
  const hideRef = useRef<HTMLButtonElement>(null);
  const revealRef = useRef<HTMLButtonElement>(null);

  const refreshReveals = useCallback(async () => {
    const asked = cardKey;
    const r = await loadReveals(profileId, card.id);
    if (current.current !== asked) return;
    if (r.ok) {
      setReveals({ entries: r.value.entries.slice(0, LATEST_REVEALS), integrity: r.value.integrity });
      setRevealsError(null);
    } else {
      setRevealsError(r.error.message);
    }
  }, [cardKey, profileId, card.id]);

  // A new card (or profile) starts hidden: nothing of the previous card survives the change.
  useEffect(() => {
    current.current = cardKey;
    setShown(null);
    setBusy(false);
    setCopied(null);
    setError(null);
    setReveals(null);
    void refreshReveals();
    return () => {
      current.current = null;
    };
  }, [cardKey, refreshReveals]);

  const hide = useCallback((why: string) => {
    setShown(null);
    setCopied(null);
    setAnnounce(why);
  }, []);

  // While shown: a tick for the countdown, and the drop itself when the time is up.
  const hidesAt = shown?.hidesAt;
  useEffect(() => {
    if (hidesAt === undefined) return;
    const tick = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= hidesAt) hide('The card number and code are hidden.');
    }, TICK_MS);
    const drop = setTimeout(() => hide('The card number and code are hidden.'), Math.max(0, hidesAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(drop);
    };
  }, [hidesAt, hide]);

  const reveal = async () => {
    const asked = cardKey;
    setBusy(true);
    setError(null);
    setCopied(null);
    const r = await revealCard(profileId, card.id);
    if (current.current !== asked) return;
    setBusy(false);
    if (!r.ok) {
      setError(r.error.message);
      void refreshReveals();
      return;
    }
    const t = Date.now();
    setNow(t);
    setShown({
      cardKey: asked,
      last4: r.value.last4,
      ...(r.value.pan ? { pan: r.value.pan } : {}),
      ...(r.value.cvv ? { cvv: r.value.cvv } : {}),
      hidesAt: t + r.value.hideAfterMs,
    });
    setAnnounce(`The card number and code are shown. They hide in ${secondsLeft(t + r.value.hideAfterMs, t)} seconds.`);
    void refreshReveals();
  };

  const copy = async (text: string | undefined) => {
    if (!text) return;
    setError(null);
    const r = await copySecret(text);
    if (!r.ok) {
      setError(r.error.message);
      return;
    }
    const secs = Math.round(r.value.clearsAfterMs / 1_000);
    setCopied(`Copied; the clipboard clears in ${secs} s`);
  };

  const visible = shown && shown.cardKey === cardKey ? shown : null;
  const left = visible ? secondsLeft(visible.hidesAt, now) : 0;

  // The shown values cannot be selected (CSS), and a copy that would take them anyway (a selection
  // made by script, select-all) is refused: a copy goes only through main, which clears it.
  const isVisible = visible !== null;
  useEffect(() => {
    if (!isVisible) return;
    const refuse = (e: ClipboardEvent) => {
      const values = valuesRef.current;
      const selection = document.getSelection();
      if (!values || !selection || selection.rangeCount === 0 || !selection.containsNode(values, true)) return;
      e.preventDefault();
      e.clipboardData?.setData('text/plain', '');
      setError(COPY_REFUSED);
    };
    document.addEventListener('copy', refuse, true);
    document.addEventListener('cut', refuse, true);
    return () => {
      document.removeEventListener('copy', refuse, true);
      document.removeEventListener('cut', refuse, true);
    };
  }, [isVisible]);

  // The button that was pressed goes away with each change (Reveal for the values, Hide for the
  // mask): keyboard focus follows to the button that took its place, unless it was elsewhere.
  const isShown = visible !== null;
  const wasShown = useRef(isShown);
  useEffect(() => {
    // Only on a change: opening a card must not pull focus into it.
    if (wasShown.current === isShown) return;
    wasShown.current = isShown;
    const root = rootRef.current;
    const active = document.activeElement;
    if (!root || (active && active !== document.body && !root.contains(active))) return;
    (isShown ? hideRef.current : revealRef.current)?.focus();
  }, [isShown]);

  // The open card's reveal in the palette: the same call as the button, so main still asks first.
  const ending = `card ending in ${card.last4}`;
  const commands: Action[] = visible
    ? [
        {
          id: 'card:hide',
          title: `Hide the number and code of the ${ending}`,
          group: 'Selected item',
          run: () => hide('The card number and code are hidden.'),
        },
        {
          id: 'card:copy-number',
          title: `Copy the number of the ${ending}`,
          group: 'Selected item',
          ...(visible.pan ? {} : { unavailable: 'The number was not revealed' }),
          run: () => copy(visible.pan),
        },
        {
          id: 'card:copy-code',
          title: `Copy the security code of the ${ending}`,
          group: 'Selected item',
          ...(visible.cvv ? {} : { unavailable: 'The code was not revealed' }),
          run: () => copy(visible.cvv),
        },
      ]
    : [
        {
          id: 'card:reveal',
          title: `Reveal the number and code of the ${ending}`,
          group: 'Selected item',
          keywords: ['show', 'pan', 'cvv'],
          ...(!online ? { unavailable: 'Offline' } : busy ? { unavailable: 'A reveal is under way' } : {}),
          run: reveal,
        },
      ];
  useScreenActions(commands);

  return (
    <section className="card-secrets" aria-label="Card number and code" ref={rootRef}>
      {visible ? (
        <>
          <dl className="card-secrets__values" ref={valuesRef} onDragStart={(e) => e.preventDefault()}>
            <div>
              <dt>Card number</dt>
              <dd className="card-secrets__value">{visible.pan ? grouped(visible.pan) : `•••• ${visible.last4}`}</dd>
            </div>
            <div>
              <dt>Security code</dt>
              <dd className="card-secrets__value">{visible.cvv ?? '•••'}</dd>
            </div>
          </dl>
          <p className="card-secrets__countdown" role="timer" aria-label="Time until the number and code hide">
            Hides in {left} s
          </p>
          <div className="card-secrets__actions">
            <button type="button" className="button" onClick={() => void copy(visible.pan)} disabled={!visible.pan}>
              Copy number
            </button>
            <button type="button" className="button" onClick={() => void copy(visible.cvv)} disabled={!visible.cvv}>
              Copy code
            </button>
            <button
              type="button"
              className="button button--primary"
              ref={hideRef}
              onClick={() => hide('The card number and code are hidden.')}
            >
              Hide
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="card-secrets__masked">
            <span className="visually-hidden">Card number ending in </span>
            <span aria-hidden="true">•••• </span>
            {card.last4}
          </p>
          <div className="card-secrets__actions">
            <button
              type="button"
              className="button"
              ref={revealRef}
              onClick={() => void reveal()}
              disabled={!online || busy}
              aria-describedby={!online ? offlineId : undefined}
            >
              {busy ? 'Revealing…' : 'Reveal number and code'}
            </button>
          </div>
          {!online ? (
            <p id={offlineId} className="card-secrets__note">
              Revealing needs a connection to the card vault, and you are offline. It will be available when the
              connection returns.
            </p>
          ) : null}
        </>
      )}
      {copied ? (
        <p className="card-secrets__note" role="status">
          {copied}
        </p>
      ) : null}
      {error ? (
        <p className="card-secrets__error" role="alert">
          {error}
        </p>
      ) : null}
      {/* Milestones only (shown, hidden): a live region that spoke every second would drown everything else. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announce}
      </p>
      <div className="card-secrets__audit">
        <h3 className="card-secrets__audit-title">Latest reveals</h3>
        {revealsError ? (
          <p className="card-secrets__error" role="alert">
            {revealsError}
          </p>
        ) : reveals === null ? (
          <p className="card-secrets__note">Loading…</p>
        ) : (
          <RevealHistory entries={reveals.entries} integrity={reveals.integrity} />
        )}
      </div>
    </section>
  );
}
