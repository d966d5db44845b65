import { REVEAL_HIDE_AFTER_MS, type RevealAuditEntry, type RevealedSecrets } from '../../shared/ipc';
import type { RevealAudit } from '../audit/reveal-audit';
import { PROFILE_GONE_MESSAGE, type ProfileServices } from '../profiles/profile-services';
import { HandlerError } from '../errors/handler-error';
import { describeRetry, describeRules, WindowLimit, type WindowRule } from '../limits/window-limit';
import type { ProfileStore } from '../profiles/profile-store';
import { PROMPT_REFUSALS, type PromptGate } from '../prompt/trusted-prompt';
import { ServiceError } from '../service';
import { scrubCardNumbers } from '../service/scrub';
import type { CardLabels } from './card-labels';
import { revealQuestion } from './reveal-question';

/**
 * Reveals per profile: more than a treasurer asks for in a working day (each one is a dialog to
 * confirm), far less than a script would take. Every attempt counts: confirmed, declined, failed.
 */
export const REVEAL_RULES: readonly WindowRule[] = [
  { windowMs: 60_000, max: 10, per: 'a minute' },
  { windowMs: 24 * 3_600_000, max: 100, per: 'a day' },
];

const AUDIT_FAILED =
  "The reveal could not be written to the audit log, so the card's number is not shown. Check that the disk has room and the app's data folder can be written, then reveal again.";

export interface CardRevealsDeps {
  store: ProfileStore;
  services: ProfileServices;
  audit: RevealAudit;
  prompt: PromptGate;
  labels: CardLabels;
  identity: () => { user: string };
  now: () => number;
  rules?: readonly WindowRule[];
  /**
   * How the IPC boundary words a module's error for the page (ipc/errors.ts), given by whoever
   * wires main so cards/ stays below ipc/: a failed reveal is reworded here, its card numbers scrubbed.
   */
  toHandlerError: (error: unknown) => unknown;
}

/**
 * `cards:reveal` as main runs it: within the profile's limit (refused beyond it, with when to try
 * again, before anyone is asked or anything is sent), after the person confirmed in main's own
 * prompt, then from the vault; every attempt is a line in the profile's audit (a refusal once per
 * run of refusals, so a flood leaves one line, not thousands).
 */
export class CardReveals {
  private readonly limit: WindowLimit;
  /** Profiles whose limit was read back from the audit (attempts before this run count too). */
  private readonly seeded = new Map<string, Promise<void>>();
  /** Profiles refused since their last allowed attempt: their refusal is already audited. */
  private readonly refusing = new Set<string>();

  constructor(private readonly deps: CardRevealsDeps) {
    this.limit = new WindowLimit(deps.rules ?? REVEAL_RULES, deps.now);
  }

  async reveal({
    profileId,
    cardId,
    pan,
    cvv,
  }: {
    profileId: string;
    cardId: string;
    pan: boolean;
    cvv: boolean;
  }): Promise<RevealedSecrets> {
    const { deps } = this;
    if (!deps.store.get(profileId)) throw new HandlerError('profile-mismatch', PROFILE_GONE_MESSAGE);
    await this.seed(profileId);
    // From here to the question nothing is awaited: two calls in one turn are counted and asked in order.
    const profile = deps.store.get(profileId);
    if (!profile) throw new HandlerError('profile-mismatch', PROFILE_GONE_MESSAGE);
    const user = deps.identity().user;
    const entry = (rest: Pick<RevealAuditEntry, 'last4' | 'outcome'> & { reason?: string }): RevealAuditEntry => ({
      at: new Date(deps.now()).toISOString(),
      user,
      profileId,
      profileName: profile.name,
      cardId,
      pan,
      cvv,
      ...rest,
    });
    const allowed = this.limit.take(profileId);
    if (!allowed.ok) {
      const limits = describeRules(deps.rules ?? REVEAL_RULES);
      if (!this.refusing.has(profileId)) {
        this.refusing.add(profileId);
        await deps.audit
          .append(
            entry({
              last4: '',
              outcome: 'refused',
              reason: `the limit of ${limits} reveals was reached; later attempts in a row are not written`,
            }),
          )
          .catch(() => undefined);
      }
      throw new HandlerError(
        'rate-limited',
        `The card was not revealed: this profile allows ${limits} reveals (every attempt counts, declined and failed ones too), and ${allowed.rule.max} were asked for in the last ${allowed.rule.per.replace(/^an? /, '')}. You can reveal again ${describeRetry(allowed.retryAt, deps.now())}.`,
      );
    }
    this.refusing.delete(profileId);
    const label = deps.labels.get(profileId, cardId);
    const outcome = await deps.prompt.ask(
      revealQuestion({ profile, cardId, label, pan, cvv, user, hideAfterMs: REVEAL_HIDE_AFTER_MS }),
    );
    if (outcome !== 'confirmed') {
      const why = PROMPT_REFUSALS[outcome];
      await deps.audit
        .append(entry({ last4: label?.last4 ?? '', outcome: 'declined', reason: why }))
        .catch(() => undefined);
      throw new HandlerError('declined', `The card was not revealed: ${why}.`);
    }

    let card: { last4: string; pan?: string | undefined; cvv?: string | undefined };
    try {
      const client = await deps.services.client(profileId);
      card = await client.revealCard({ cardId, pan, cvv });
    } catch (error) {
      // A failed attempt is audited too: someone asked to see the number.
      const reason =
        error instanceof ServiceError || error instanceof HandlerError
          ? scrubCardNumbers(error.message)
          : 'internal error';
      await deps.audit.append(entry({ last4: '', outcome: 'failed', reason })).catch(() => undefined);
      const mapped = deps.toHandlerError(error);
      if (mapped instanceof HandlerError)
        throw new HandlerError(mapped.code, scrubCardNumbers(mapped.message), mapped.extra);
      throw new HandlerError(
        'internal',
        'The card could not be revealed. Try again; if it keeps happening, restart the app.',
      );
    }
    try {
      await deps.audit.append(entry({ last4: card.last4, outcome: 'revealed' }));
    } catch {
      // No record, no reveal: the audit must hold every number that was shown.
      throw new HandlerError('internal', AUDIT_FAILED);
    }
    const shown: RevealedSecrets = { last4: card.last4, hideAfterMs: REVEAL_HIDE_AFTER_MS };
    if (pan && card.pan !== undefined) shown.pan = card.pan;
    if (cvv && card.cvv !== undefined) shown.cvv = card.cvv;
    return shown;
  }

  /** Attempts already in the audit within the longest window count against the limit (a restart does not reset it). */
  private seed(profileId: string): Promise<void> {
    let seeded = this.seeded.get(profileId);
    if (!seeded) {
      const longest = Math.max(...(this.deps.rules ?? REVEAL_RULES).map((r) => r.windowMs));
      seeded = this.deps.audit
        .attemptTimes(profileId, this.deps.now() - longest)
        .then((times) => this.limit.seed(profileId, times))
        // An unreadable audit is shown on the card's list; the limit then starts from this run.
        .catch(() => undefined);
      this.seeded.set(profileId, seeded);
    }
    return seeded;
  }
}
