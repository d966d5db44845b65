/**
 * Where the engine switches between strategies that give the same answer at different costs.
 * Tests move these to force each strategy on small data and check the answers do not change.
 */
export const tuning = {
  /** Narrow the rows to visit by a filter's index when it names less than this share of them. */
  driverShare: 0.5,
  /** Narrow the candidates by a further filter's index when it names fewer rows than this share of them. */
  moreDriverShare: 1,
  /** Apply every filter left by its index (no row tested) when their rows number fewer than this share of the candidates left. */
  coverShare: 8,
  /** Check a word per candidate (binary searches) when candidates × terms × this < its postings. */
  checkCostPerTerm: 20,
  /** Answer date-window-only queries from running totals. */
  runningTotals: true,
  /** Keep a term's rows as a bitset when at least this share of the rows, and this many, hold it. */
  denseShare: 1 / 16,
  denseMinRows: 64,
};
