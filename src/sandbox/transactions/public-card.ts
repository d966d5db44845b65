import type { Card } from '../../shared/service';
import type { CardRecord } from '../world/records';

/**
 * The card as a fee detail embeds it: the public fields only (never the PAN or CVV, which leave
 * the sandbox only through the vault host).
 */
export function publicCard(c: CardRecord): Card {
  return {
    id: c.id,
    accountId: c.accountId,
    ...(c.virtualAccountId ? { virtualAccountId: c.virtualAccountId } : {}),
    last4: c.last4,
    name: c.name,
    expiryMonth: c.expiryMonth,
    expiryYear: c.expiryYear,
    status: c.status,
    isPhysical: c.isPhysical,
    isSingleUse: c.isSingleUse,
    ...(c.cardGroupId ? { cardGroupId: c.cardGroupId } : {}),
    createdAt: c.createdAt,
    ...(c.userData ? { userData: c.userData } : {}),
    ...(c.cardProductId ? { cardProductId: c.cardProductId } : {}),
  };
}
