/** stdout carries JSON lines only (one per measurement); progress goes to stderr. */
export function emit(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export function progress(message: string): void {
  process.stderr.write(`[bench:search] ${message}\n`);
}
