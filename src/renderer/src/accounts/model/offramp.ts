import { z } from 'zod';
import { Wallet, WalletAddress, type OfframpRequest, type OfframpResult } from '../../../../shared/service';

/**
 * An off-ramp wallet as the entity cache keeps it (kind 'wallet', id = wallet id). The service has
 * no way to list wallets, so the answer of the create is all there will ever be: it is kept whole,
 * with the account it was made for and when this computer cached it (the order of the list).
 */
export interface CachedWallet {
  wallet: Wallet;
  addresses: WalletAddress[];
  virtualAccountId: string;
  /** When the create's answer was cached here (ms since epoch). */
  createdAt: number;
}

/**
 * A cached wallet as today's app accepts it. The cache may hold what an earlier version accepted
 * (an empty address, one too long for a QR code, one with bidi characters): each is read through
 * this on the way to the screen, so such a record is reported, not drawn.
 */
const StoredWallet = z.object({
  wallet: Wallet,
  addresses: z.array(WalletAddress),
  virtualAccountId: z.string(),
  createdAt: z.number(),
});

/** A cached wallet that fails today's checks: what can be told of it, and why it is not shown. */
export interface UnreadableWallet {
  id: string;
  /** Undefined when even that cannot be read (then no account can show it). */
  virtualAccountId: string | undefined;
  problem: string;
}

export interface CachedWallets {
  wallets: CachedWallet[];
  unreadable: UnreadableWallet[];
}

function field(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const key of path) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** The cached records of kind 'wallet', split into those that pass today's checks and those that do not. */
export function readCachedWallets(items: readonly unknown[]): CachedWallets {
  const wallets: CachedWallet[] = [];
  const unreadable: UnreadableWallet[] = [];
  for (const item of items) {
    const r = StoredWallet.safeParse(item);
    if (r.success) {
      wallets.push(r.data);
      continue;
    }
    const issue = r.error.issues[0];
    const id = field(item, 'wallet', 'id');
    const va = field(item, 'virtualAccountId');
    unreadable.push({
      id: typeof id === 'string' && id !== '' ? id : '(no id)',
      virtualAccountId: typeof va === 'string' ? va : undefined,
      problem: issue ? `${issue.path.map(String).join('.') || 'the record'}: ${issue.message}` : 'it is not a wallet',
    });
  }
  return { wallets, unreadable };
}

export function cachedWalletOf(result: OfframpResult, request: OfframpRequest, createdAt: number): CachedWallet {
  return { wallet: result.wallet, addresses: result.addresses, virtualAccountId: request.virtualAccountId, createdAt };
}

/** The account's wallets, newest first (the service's time breaks a tie, then the id, so the order never depends on the cache's). */
export function walletsOfAccount(all: readonly CachedWallet[], virtualAccountId: string): CachedWallet[] {
  return all
    .filter((w) => w.virtualAccountId === virtualAccountId)
    .sort(
      (a, b) =>
        b.createdAt - a.createdAt ||
        b.wallet.timestamp.localeCompare(a.wallet.timestamp) ||
        b.wallet.id.localeCompare(a.wallet.id),
    );
}

export type Rail = OfframpRequest['paymentRail'];
export type Stablecoin = OfframpRequest['currency'];

export const RAILS: readonly { value: Rail; label: string }[] = [
  { value: 'ach', label: 'ACH' },
  { value: 'wire', label: 'Wire' },
];

export const STABLECOINS: readonly { value: Stablecoin; label: string }[] = [
  { value: 'usdc', label: 'USDC' },
  { value: 'usdt', label: 'USDT' },
];

const STATUS_WORDS: Record<string, string> = {
  pending_active: 'Pending activation',
  active: 'Active',
  deactivated: 'Deactivated',
};

/** A wallet's or address's status in words; a status the service adds later reads as itself, spaced. */
export function walletStatusWords(status: string): string {
  return STATUS_WORDS[status] ?? status.replace(/_/g, ' ');
}

export function currencyWords(currency: string): string {
  return currency.toUpperCase();
}

/** "ACH" / "Wire", or the service's own word for a rail this app does not know. */
export function railWords(method: string | undefined): string {
  if (!method) return 'not stated';
  return RAILS.find((r) => r.value === method)?.label ?? method;
}

/** "Ethereum", "Polygon", "Base": the chain as people write it. */
export function chainWords(chain: string): string {
  return chain.charAt(0).toUpperCase() + chain.slice(1);
}

export function memoWords(memo: string | undefined): string {
  return memo && memo.trim() !== '' ? memo : 'no memo needed';
}

/** Why the account cannot take a new wallet, or undefined when it can (offline is said apart). */
export function createBlockedReason(closedAt: string | null | undefined): string | undefined {
  return closedAt
    ? 'This account is closed: a closed account cannot receive funds, so no wallet can be created for it.'
    : undefined;
}
