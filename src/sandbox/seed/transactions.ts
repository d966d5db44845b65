import { commissionDueMs } from '../../shared/accounts/commission-dates';
import { settlePending } from '../simulation/settlement';
import { cardProfiles, type CardProfile } from '../transactions/card-profiles';
import { HistoryBuilder, type Draft, type PurchaseRef } from '../transactions/history-builder';
import { DAY_MS } from '../world/clock';
import type { VirtualAccountRecord } from '../world/records';
import type { World } from '../world/world';

const HOUR_MS = 3_600_000;

/**
 * Seeds the transaction history: `count` transactions over the past year, in date order.
 *
 * Determinism: everything but a handful of "authorized in the last hours" items is laid out
 * relative to the start of the UTC day of `now` (the instant the world starts at), so two worlds
 * with the same seed made on the same day get the same history; with the same `now` they are
 * identical. Pending items older than two days are then settled by the same rule the simulated
 * clock applies (simulation/settlement.ts).
 *
 * What it contains: card purchases on every card that could spend (respecting its constraints),
 * declines with reasons, reversals, disputes, refunds, foreign-currency purchases with their 3%
 * fee, ACH in and out (failed, canceled = returned before settling, settled then returned,
 * pending, pending approval), wires in and out with memos and wire fees, transfers between
 * virtual accounts, past commission collections, an opening credit per virtual account large
 * enough that no balance ever goes negative, and the sweep of the closed account's balance.
 * `count` includes all of these; below about 60 the fixed examples alone exceed it.
 */
export function seedTransactions(world: World, count: number, now: number): void {
  for (const _ of seedSteps(world, count, now));
}

/** How far a seed is: `done` of `total` units (each transaction counts twice: generated, then loaded). */
export interface SeedProgress {
  done: number;
  total: number;
}

/** Rows generated or loaded between two reports (about 10-30 ms of work each here at 1M). */
const STEP_ROWS = 16_384;

/**
 * The same seed, yielding to the event loop every few thousand rows and reporting how far it is,
 * so a process that serves requests (main, with the Demo in it) stays responsive while a million
 * rows are made and a person sees the progress. The world is identical to `seedTransactions`'s:
 * nothing else draws from its random source meanwhile.
 */
export async function seedTransactionsAsync(
  world: World,
  count: number,
  now: number,
  onProgress?: (p: SeedProgress) => void,
): Promise<void> {
  for (const p of seedSteps(world, count, now)) {
    onProgress?.(p);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* seedSteps(world: World, count: number, now: number): Generator<SeedProgress, void> {
  const anchor = Math.floor(now / DAY_MS) * DAY_MS;
  const start = anchor - 365 * DAY_MS;
  const rng = world.rng;
  const vas = [...world.virtualAccounts.values()];
  const primary = world.virtualAccounts.get(world.primaryVirtualAccountId) as VirtualAccountRecord;
  const b = new HistoryBuilder(rng, world.ids, primary);
  const profiles = cardProfiles(world, rng, start, anchor);
  const ctx = new Context(world, b, profiles, vas, primary, anchor);

  if (count <= 0) {
    world.transactions.bulkLoad(ctx.openings([]));
    return;
  }

  const fixed = [...ctx.coverage(now), ...ctx.commissionHistory()].sort((x, y) => x.dateMs - y.dateMs);
  const closedVas = vas.filter((v) => v.closedAt !== null);
  const reserved = vas.length + 2 * closedVas.length + fixed.length;
  const streamed = Math.max(0, count - reserved);
  const total = 2 * count;
  const stream: Draft[] = [];
  for (const made of ctx.stream(stream, streamed, start, anchor)) yield { done: made, total };
  const history = merge(stream, fixed);

  const openings = ctx.openings(history);
  const sweeps = ctx.sweeps(openings, history).sort((x, y) => x.dateMs - y.dateMs);
  const all = merge(openings, merge(history, sweeps));
  // In date order, so each slice appends after the previous one (bulkLoad's fast path).
  for (let i = 0; i < all.length; i += STEP_ROWS) {
    world.transactions.bulkLoad(all.slice(i, i + STEP_ROWS));
    yield { done: count + Math.min(all.length, i + STEP_ROWS), total };
  }
  for (const [txId, fee] of b.fees) world.feeDetails.set(txId, [fee]);
  settlePending(world, now);
}

/** Merges two lists sorted by date; on equal dates the first list's item comes first. */
function merge(a: readonly Draft[], b: readonly Draft[]): Draft[] {
  const out: Draft[] = new Array<Draft>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    out[k++] = (b[j] as Draft).dateMs < (a[i] as Draft).dateMs ? (b[j++] as Draft) : (a[i++] as Draft);
  }
  while (i < a.length) out[k++] = a[i++] as Draft;
  while (j < b.length) out[k++] = b[j++] as Draft;
  return out;
}

class Context {
  private readonly pendingFrom: number;
  private readonly closedMs = new Map<string, number>();
  private readonly createdMs = new Map<string, number>();

  constructor(
    private readonly world: World,
    private readonly b: HistoryBuilder,
    private readonly profiles: CardProfile[],
    private readonly vas: VirtualAccountRecord[],
    private readonly primary: VirtualAccountRecord,
    private readonly anchor: number,
  ) {
    this.pendingFrom = anchor - 2 * DAY_MS;
    for (const v of vas) {
      if (v.closedAt) this.closedMs.set(v.id, Date.parse(v.closedAt));
      this.createdMs.set(v.id, Date.parse(v.createdAt));
    }
  }

  /** Open at `t` (a closed account is usable until two days before it closed). */
  private usableVas(t: number): VirtualAccountRecord[] {
    return this.vas.filter((v) => {
      const closed = this.closedMs.get(v.id);
      return (closed === undefined || t < closed - 2 * DAY_MS) && (this.createdMs.get(v.id) ?? 0) <= t;
    });
  }

  private pickProfile(t: number): CardProfile | undefined {
    let total = 0;
    for (const p of this.profiles) if (p.weight > 0 && p.fromMs <= t && t <= p.toMs) total += p.weight;
    if (total === 0) return undefined;
    let x = this.world.rng.next() * total;
    for (const p of this.profiles) {
      if (!(p.weight > 0 && p.fromMs <= t && t <= p.toMs)) continue;
      x -= p.weight;
      if (x < 0) return p;
    }
    return undefined;
  }

  /**
   * `n` transactions at random instants in [from, to), each a single draft or a pair at one
   * instant, appended to `out`; yields how many are made every STEP_ROWS.
   */
  *stream(out: Draft[], n: number, from: number, to: number): Generator<number, void> {
    const rng = this.world.rng;
    const b = this.b;
    const times = new Float64Array(n);
    for (let i = 0; i < n; i++) times[i] = Math.floor(from + rng.next() * (to - from));
    times.sort();
    const purchases: PurchaseRef[] = [];
    const foreign: PurchaseRef[] = [];
    const achs: Draft[] = [];
    const remember = <T>(ring: T[], item: T, cap: number) => {
      ring.push(item);
      if (ring.length > cap) ring.shift();
    };
    let lastMonth = -1;
    let i = 0;
    let reported = 0;
    while (i < n) {
      if (i - reported >= STEP_ROWS) {
        reported = i;
        yield i;
      }
      const t = times[i] as number;
      const recent = t >= this.pendingFrom;
      const pair = i + 1 < n;
      const roll = rng.next();
      const usable = this.usableVas(t);
      const va = rng.chance(0.4) ? this.primary : rng.pick(usable);
      const month = Math.floor(t / (30 * DAY_MS));
      if (month !== lastMonth && lastMonth !== -1 && !recent) {
        out.push(b.accountFee(t, this.primary));
        lastMonth = month;
        i++;
        continue;
      }
      lastMonth = month;
      if (pair && roll < 0.008 && usable.length > 1) {
        const from = rng.pick(usable);
        let dest = rng.pick(usable);
        if (dest === from) dest = usable[(usable.indexOf(from) + 1) % usable.length] as VirtualAccountRecord;
        out.push(...b.transfer(t, from, dest, b.amount(10_000, 2_000_000)));
        i += 2;
        continue;
      }
      if (pair && roll < 0.014 && !recent) {
        const [wire, fee] = b.wireOut(t, va);
        out.push(wire, fee);
        i += 2;
        continue;
      }
      i++;
      if (roll < 0.034) {
        out.push(b.achIn(t, va));
      } else if (roll < 0.044) {
        out.push(b.wireIn(t, va));
      } else if (roll < 0.08) {
        const r = rng.next();
        const outcome = recent
          ? 'pending'
          : r < 0.015
            ? 'failed'
            : r < 0.025
              ? 'canceled'
              : r < 0.06 && t >= this.anchor - 30 * DAY_MS
                ? 'pending_approval'
                : 'settled';
        const d = b.achOut(t, va, outcome);
        if (outcome === 'settled') remember(achs, d, 32);
        out.push(d);
      } else if (roll < 0.083 && achs.length > 0 && !recent) {
        out.push(b.achReturn(achs.splice(rng.int(0, achs.length - 1), 1)[0] as Draft, t));
      } else if (roll < 0.093 && foreign.length > 0) {
        out.push(b.foreignFee(foreign.pop() as PurchaseRef, t));
      } else if (roll < 0.105 && purchases.length > 0 && !recent) {
        out.push(b.refund(purchases.splice(rng.int(0, purchases.length - 1), 1)[0] as PurchaseRef, t));
      } else {
        const profile = this.pickProfile(t);
        if (!profile) {
          out.push(b.achOut(t, va, recent ? 'pending' : 'settled'));
          continue;
        }
        const r = rng.next();
        const outcome =
          r < 0.035 ? 'declined' : recent ? 'pending' : r < 0.043 ? 'reversed' : r < 0.044 ? 'dispute' : 'settled';
        const { draft, ref } = b.card(profile, t, { outcome });
        if (outcome === 'settled') {
          remember(purchases, ref, 64);
          if (draft.tx.originalCurrency) remember(foreign, ref, 16);
        }
        out.push(draft);
      }
    }
  }

  /** At least one of everything the contract describes (docs/service.md), at fixed places in the year. */
  coverage(now: number): Draft[] {
    const b = this.b;
    const rng = this.world.rng;
    const a = this.anchor;
    const out: Draft[] = [];
    const spenders = this.profiles.filter((p) => p.weight > 0 && p.card.status === 'active');
    const spender = (t: number) =>
      spenders.find((p) => p.fromMs <= t && t <= p.toMs) ?? spenders[0] ?? (this.profiles[0] as CardProfile);
    const day = (n: number) => a - n * DAY_MS;
    const ops = this.vas.find((v) => v.accountType === 'default' && v.closedAt === null) ?? this.primary;

    out.push(b.card(spender(day(200)), day(200), { outcome: 'settled' }).draft);
    const foreignProfile = this.profiles.find((p) => p.weight > 0 && p.merchants.some((m) => m.country !== 'US'));
    if (foreignProfile) {
      const fx = b.card(foreignProfile, day(150), { outcome: 'settled', foreign: true });
      out.push(fx.draft);
      if (fx.draft.tx.originalCurrency) out.push(b.foreignFee(fx.ref, day(150) + HOUR_MS));
    }
    out.push(
      b.card(spender(day(100)), day(100), { outcome: 'declined', declineReason: 'spending_limit_exceeded' }).draft,
    );
    out.push(b.card(spender(day(90)), day(90), { outcome: 'reversed' }).draft);
    out.push(b.card(spender(day(80)), day(80), { outcome: 'dispute' }).draft);
    const bought = b.card(spender(day(70)), day(70), { outcome: 'settled' });
    out.push(bought.draft, b.refund(bought.ref, day(60)));

    const ach = b.achOut(day(50), ops, 'settled');
    out.push(ach, b.achReturn(ach, day(47)));
    out.push(b.achOut(day(40), ops, 'canceled'));
    out.push(b.achOut(day(35), ops, 'failed'));
    out.push(b.accountFee(day(30), this.primary));
    out.push(b.wireIn(day(20), this.primary));
    for (const [n, scope] of [
      [16, 'domestic'],
      [15, 'international'],
    ] as const)
      out.push(...b.wireOut(day(n), this.primary, scope));
    out.push(...b.transfer(day(10), this.primary, ops, 250_000));
    out.push(b.achOut(a - DAY_MS + 2 * HOUR_MS, ops, 'pending_approval'));
    out.push(b.wireIn(a - 6 * HOUR_MS, this.primary, true));
    out.push(b.achOut(a - 12 * HOUR_MS, ops, 'pending'));

    // Declines on cards that cannot spend, dated while they were in that state.
    for (const p of this.profiles) {
      const c = p.card;
      if (c.status === 'inactive')
        out.push(b.card(p, day(3), { outcome: 'declined', declineReason: 'card_inactive' }).draft);
      if (c.status === 'paused')
        out.push(b.card(p, day(2) - 3 * HOUR_MS, { outcome: 'declined', declineReason: 'card_paused' }).draft);
      if (c.status === 'closed' && !c.isSingleUse)
        out.push(b.card(p, day(20), { outcome: 'declined', declineReason: 'card_closed' }).draft);
      // A closed single-use card was used exactly once.
      if (c.isSingleUse && c.status === 'closed') {
        const used = Math.min(Date.parse(c.createdAt) + DAY_MS, a - DAY_MS);
        out.push(b.card({ ...p, weight: 1 }, used, { outcome: 'settled' }).draft);
      }
    }

    // Pending purchases made yesterday: still pending now, settled by a clock advance of 3 days.
    for (let k = 0; k < 3; k++) {
      const t = a - DAY_MS + (3 + 6 * k) * HOUR_MS;
      out.push(b.card(spender(t), t, { outcome: 'pending' }).draft);
    }
    // Authorized in the last hours (the only part that depends on the exact start-up time).
    for (let k = 0; k < 4; k++) {
      const t = now - rng.int(5, 240) * 60_000;
      out.push(b.card(spender(Math.min(t, a - 1)), t, { outcome: 'pending' }).draft);
    }
    return out;
  }

  /** The collections of the seeded commission rules that already happened. */
  commissionHistory(): Draft[] {
    const out: Draft[] = [];
    for (const rule of this.world.commissionRules.values()) {
      const va = this.world.virtualAccounts.get(rule.virtualAccountId);
      if (!va) continue;
      // The schedule the clock applies later (short months clamp), so history and future agree.
      for (let k = 0; k < rule.applied; k++) {
        const at = commissionDueMs(rule, k);
        if (at > this.anchor) break;
        out.push(...this.b.transfer(at, va, this.primary, rule.amountCents, 'commission', 'Commission'));
      }
    }
    return out;
  }

  /** One credit per virtual account a day before the history, covering its lowest running balance. */
  openings(history: readonly Draft[]): Draft[] {
    const running = new Map<string, number>();
    const lowest = new Map<string, number>();
    for (const d of history) {
      const va = d.tx.virtualAccountId;
      if (!va) continue;
      const tx = d.tx;
      const counts =
        (tx.status === 'pending' || tx.status === 'posted') &&
        tx.detailedStatus !== 'pending_approval' &&
        tx.detailedStatus !== 'in_review';
      if (!counts) continue;
      const now = (running.get(va) ?? 0) + tx.amountCents;
      running.set(va, now);
      if (now < (lowest.get(va) ?? 0)) lowest.set(va, now);
    }
    const at = this.anchor - 366 * DAY_MS;
    return this.vas.map((va) => {
      const cushion = va.id === this.primary.id ? 25_000_000 : this.world.rng.int(20, 100) * 100_000;
      const amount = Math.ceil((-(lowest.get(va.id) ?? 0) + cushion) / 100) * 100;
      const d = this.b.plain('other', at, amount, 'Opening balance', va.id, va.accountId);
      d.tx.memo = 'Initial funding';
      return d;
    });
  }

  /** Moves what is left in each closed account to the primary one on the day it closed. */
  sweeps(openings: readonly Draft[], history: readonly Draft[]): Draft[] {
    const out: Draft[] = [];
    for (const [vaId, closedMs] of this.closedMs) {
      const va = this.world.virtualAccounts.get(vaId) as VirtualAccountRecord;
      let balance = 0;
      for (const list of [openings, history]) {
        for (const d of list) {
          if (d.tx.virtualAccountId !== vaId || d.dateMs > closedMs) continue;
          if (d.tx.status === 'posted' || (d.tx.status === 'pending' && d.tx.detailedStatus === 'pending'))
            balance += d.tx.amountCents;
        }
      }
      if (balance > 0)
        out.push(...this.b.transfer(closedMs - HOUR_MS, va, this.primary, balance, 'transfer', 'Closing transfer'));
    }
    return out;
  }
}
