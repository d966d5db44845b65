/**
 * A fee, or a transaction a fee was charged for: what the "has fee" filter finds. Kept apart from
 * the schemas so the search worker can use it without bundling zod.
 */
export function hasFee(tx: { feeInfo?: unknown; fxFeeInfo?: unknown }): boolean {
  return tx.feeInfo !== undefined || tx.fxFeeInfo !== undefined;
}
