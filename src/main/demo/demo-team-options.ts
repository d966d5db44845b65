/** How the Demo's simulated team (src/main/demo-team) is timed; tests pin it. */

/** A transfer the drafting colleague asks for, `atMs` after the team is ready (main's clock). */
export interface PlannedDraft {
  atMs: number;
  amountCents: number;
  memo: string;
}

export interface DemoTeamOptions {
  /** When the drafting colleague drafts each transfer, after the team is ready (main's clock; tests pin it). */
  drafts?: readonly PlannedDraft[];
  /** How long a colleague takes to approve once it is their turn (main's clock): 20 s unless a test says. */
  reactMs?: number;
  /** How often the colleagues look at the clock and the queue (real time): 1 s. */
  tickMs?: number;
}
