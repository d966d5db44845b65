import { useMemo } from 'react';
import type { Merchant } from '../../../../shared/service';
import {
  merchantNamer,
  transactionName,
  type DescriptorPlace,
  type NamedTransaction,
} from '../../model/merchant-names';
import { useEntities } from '../../repos/entities-hooks';

const NONE: Merchant[] = [];

export interface MerchantNames {
  /** A card network's descriptor as a name (the directory's, else cleaned). */
  ofDescriptor(raw: string, place?: DescriptorPlace): string;
  /** The name a person reads for a transaction. */
  ofTransaction(tx: NamedTransaction): string;
}

/**
 * Names merchants after the profile's merchant directory (the merchants cached from the service),
 * as it is now: a directory that grows with a sync or a search renames what it now knows.
 */
export function useMerchantNames(profileId: string): MerchantNames {
  const merchants = useEntities<Merchant>(profileId, 'merchant')?.items ?? NONE;
  return useMemo(() => {
    const ofDescriptor = merchantNamer(merchants);
    return { ofDescriptor, ofTransaction: (tx) => transactionName(tx, ofDescriptor) };
  }, [merchants]);
}
