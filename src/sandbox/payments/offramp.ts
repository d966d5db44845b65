import type { OfframpRequest, OfframpResult } from '../../shared/service';
import { requireOpen, requireVirtualAccount } from '../accounts/guards';
import type { WalletAddressRecord, WalletRecord } from '../world/records';
import type { World } from '../world/world';

/** EVM chains only, so every deposit address has the same 0x + 40 hex form. */
const CHAINS = ['ethereum', 'polygon', 'base'] as const;

/**
 * POST /crypto/offramp: a new wallet (and one deposit address per chain) every time; stablecoins
 * sent there would arrive in the virtual account by the chosen rail. Addresses come from the
 * world's seeded randomness, so the same seed and call order give the same addresses.
 */
export function createOfframp(world: World, body: OfframpRequest): OfframpResult {
  const va = requireVirtualAccount(world, body.virtualAccountId);
  requireOpen(va);
  const timestamp = world.clock.iso();
  const wallet: WalletRecord = {
    id: world.ids.next('wal'),
    type: 'off_ramp',
    status: 'pending_active',
    subaccountId: va.id,
    svcAccountGroupId: world.legalEntity.id,
    timestamp,
  };
  const addresses: WalletAddressRecord[] = CHAINS.map((chain) => ({
    id: world.ids.next('wad'),
    walletId: wallet.id,
    status: 'pending_active',
    currency: body.currency,
    chain,
    address: `0x${world.rng.hex(40)}`,
    method: body.paymentRail,
    // A reference the sender may attach; EVM transfers do not need one, so it is informative only.
    blockchainMemo: `OFR${world.rng.digits(10)}`,
    timestamp,
  }));
  world.wallets.set(wallet.id, wallet);
  world.walletAddresses.set(wallet.id, addresses);
  return { wallet: { ...wallet }, addresses: addresses.map((a) => ({ ...a })) };
}
