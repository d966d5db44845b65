/**
 * How fees appear in transactions (the reference contract): a fee the provider assessed is a
 * transaction of its own with `feeInfo`, naming what it was charged for in
 * `feeInfo.relatedTransaction` (an outgoing wire's fee does); a purchase charged a foreign
 * exchange fee also carries `fxFeeInfo` itself. Kept apart from the schemas so the search worker
 * can use it without bundling zod.
 */

/** The transaction carries a fee field itself: it is a fee, or an FX fee was charged for it. */
export function hasFee(tx: { feeInfo?: unknown; fxFeeInfo?: unknown }): boolean {
  return tx.feeInfo !== undefined || tx.fxFeeInfo !== undefined;
}

/** For a fee transaction, the id of the transaction it was charged for (when it names one). */
export function feeChargedFor(tx: {
  feeInfo?: { relatedTransaction?: { id: string } | undefined } | undefined;
}): string | undefined {
  return tx.feeInfo?.relatedTransaction?.id;
}
