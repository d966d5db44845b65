const started = performance.now();

/** Where the run is, on stderr (stdout carries the JSON lines only): a long run says what it waits for. */
export function progress(what: string): void {
  process.stderr.write(`[bench:team ${Math.round((performance.now() - started) / 1000)} s] ${what}\n`);
}
