import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RevealAuditEntry } from '../../../../shared/ipc';
import type { Card } from '../../../../shared/service';
import { copySecret } from '../../cards/commands/copy';
import { loadReveals, revealCard } from '../../cards/commands/reveal';
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

function describeReveal(e: RevealAuditEntry): string {
  const when = new Date(e.at).toLocaleString();
  const what = e.pan && e.cvv ? 'number and code' : e.pan ? 'number' : 'code';
  if (e.outcome === 'failed') return `${e.user} tried to reveal the ${what} at ${when} (${e.profileName}); it failed`;
  return `Revealed by ${e.user} at ${when} (${e.profileName}): ${what}`;
}

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
  const [reveals, setReveals] = useState<RevealAuditEntry[] | null>(null);
  const [revealsError, setRevealsError] = useState<string | null>(null);
  // The card a reveal in flight was asked for: an answer for another card (or after unmount) is dropped.
  const current = useRef<string | null>(cardKey);
  const offlineId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const hideRef = useRef<HTMLButtonElement>(null);
  const revealRef = useRef<HTMLButtonElement>(null);

  const refreshReveals = useCallback(async () => {
    const asked = cardKey;
    const r = await loadReveals(profileId, card.id);
    if (current.current !== asked) return;
    if (r.ok) {
      setReveals(r.value.slice(0, LATEST_REVEALS));
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
    setShown({ cardKey: asked, last4: r.value.last4, ...(r.value.pan ? { pan: r.value.pan } : {}), ...(r.value.cvv ? { cvv: r.value.cvv } : {}), hidesAt: t + r.value.hideAfterMs });
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

  return (
    <section className="card-secrets" aria-label="Card number and code" ref={rootRef}>
      {visible ? (
        <>
          <dl className="card-secrets__values">
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
            <button type="button" className="button button--primary" ref={hideRef} onClick={() => hide('The card number and code are hidden.')}>
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
              Revealing needs a connection to the card vault, and you are offline. It will be available when the connection returns.
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
          <p className="card-secrets__error">{revealsError}</p>
        ) : reveals === null ? (
          <p className="card-secrets__note">Loading…</p>
        ) : reveals.length === 0 ? (
          <p className="card-secrets__note">Nobody has revealed this card's number on this computer.</p>
        ) : (
          <ul className="card-secrets__audit-list" aria-label="Latest reveals of this card">
            {reveals.map((e) => (
              <li key={`${e.at}-${e.user}-${e.pan}-${e.cvv}-${e.outcome}`}>{describeReveal(e)}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
