/** A slice of the transaction history, as the list filters express it (unix ms, inclusive). */
export interface TxWindow {
  fromMs?: number | undefined;
  toMs?: number | undefined;
  status?: 'pending' | undefined;
}
