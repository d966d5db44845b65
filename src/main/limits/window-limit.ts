/**
 * How much of something main lets happen per time window, for each key (a profile, an export
 * folder): "10 a minute and 100 a day". Every rule is a sliding window over the amounts taken, so
 * a burst at the end of one minute and the start of the next is still one minute's worth.
 */
export interface WindowRule {
  windowMs: number;
  /** The most the window may hold (a count of attempts, or bytes). */
  max: number;
  /** The window in words, as a sentence reads it: "a minute", "a day". */
  per: string;
}

export type LimitAnswer =
  | { ok: true }
  /** `retryAt`: when the window that is full will have room for the amount again (ms since the epoch). */
  | { ok: false; rule: WindowRule; retryAt: number };

interface Taken {
  at: number;
  amount: number;
}

export class WindowLimit {
  private readonly taken = new Map<string, Taken[]>();
  private readonly longest: number;

  constructor(
    readonly rules: readonly WindowRule[],
    private readonly now: () => number,
  ) {
    if (rules.length === 0) throw new Error('a limit needs at least one rule');
    this.longest = Math.max(...rules.map((r) => r.windowMs));
  }

  /** Whether `amount` fits now under every rule, without taking it. */
  check(key: string, amount = 1): LimitAnswer {
    const now = this.now();
    const list = this.prune(key, now);
    let worst: LimitAnswer = { ok: true };
    for (const rule of this.rules) {
      if (amount > rule.max) return { ok: false, rule, retryAt: Number.POSITIVE_INFINITY };
      const inside = list.filter((t) => t.at > now - rule.windowMs);
      let used = inside.reduce((sum, t) => sum + t.amount, 0);
      if (used + amount <= rule.max) continue;
      // The window frees up as its oldest amounts age out: the first moment enough has left.
      let retryAt = now;
      for (const t of inside) {
        used -= t.amount;
        retryAt = t.at + rule.windowMs;
        if (used + amount <= rule.max) break;
      }
      if (worst.ok || retryAt > worst.retryAt) worst = { ok: false, rule, retryAt };
    }
    return worst;
  }

  /** Takes `amount` when it fits (and answers ok), otherwise takes nothing and says until when. */
  take(key: string, amount = 1): LimitAnswer {
    const answer = this.check(key, amount);
    if (answer.ok) this.record(key, this.now(), amount);
    return answer;
  }

  /** Counts amounts taken before this process started (read back from a record such as the audit). */
  seed(key: string, times: readonly number[]): void {
    for (const at of times) this.record(key, at, 1);
  }

  private record(key: string, at: number, amount: number): void {
    const list = this.taken.get(key) ?? [];
    list.push({ at, amount });
    list.sort((a, b) => a.at - b.at);
    this.taken.set(key, list);
  }

  private prune(key: string, now: number): Taken[] {
    const list = (this.taken.get(key) ?? []).filter((t) => t.at > now - this.longest);
    if (list.length === 0) this.taken.delete(key);
    else this.taken.set(key, list);
    return list;
  }
}

/** "10 a minute and 100 a day": the rules in words, for a message. */
export function describeRules(rules: readonly WindowRule[], unit: (n: number) => string = String): string {
  const parts = rules.map((r) => `${unit(r.max)} ${r.per}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * When something refused may be tried again, for a person: "in 41 s (at 14:32:05)", or with a
 * day and minutes for a wait of hours. Main's own clock and time zone.
 */
export function describeRetry(retryAt: number, now: number): string {
  if (!Number.isFinite(retryAt)) return 'never: it is more than the limit allows at once';
  const waitMs = Math.max(0, retryAt - now);
  const when = new Date(retryAt);
  const clock = when.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  if (waitMs < 60_000) return `in ${Math.max(1, Math.ceil(waitMs / 1_000))} s (at ${clock})`;
  if (waitMs < 3_600_000) return `in ${Math.ceil(waitMs / 60_000)} min (at ${clock})`;
  const day = when.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
  const minutes = Math.ceil(waitMs / 60_000);
  return `in ${Math.floor(minutes / 60)} h ${minutes % 60} min (${day} at ${clock})`;
}
