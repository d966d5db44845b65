/**
 * Where the engine switches between strategies that give the same answer at different costs.
 * Tests move these to force each strategy on small data and check the answers do not change.
 */
export const tuning = {
  /** Visit a filter's index instead of the window when it names less than this share of it. */
  driverShare: 0.25,
  /** Check a word per candidate (binary searches) when candidates × terms × this < its postings. */
  checkCostPerTerm: 20,
  /** Answer date-window-only queries from running totals. */
  runningTotals: true,
  /** Keep a term's rows as a bitset when at least this share of the rows, and this many, hold it. */
  denseShare: 1 / 16,
  denseMinRows: 64,
};
