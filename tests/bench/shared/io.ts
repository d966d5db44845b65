import type { BenchLine } from './line-verdict';

/** stdout carries JSON lines only, one per measurement. */
export function emit(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A numeric `--name N` flag; `whole` refuses fractions (counts), otherwise any number >= 0. */
export function numberArg(name: string, fallback: number, whole = false): number {
  const text = textArg(name);
  const v = text === undefined ? fallback : Number(text);
  if (whole ? !Number.isInteger(v) || v < 0 : !Number.isFinite(v) || v < 0)
    throw new Error(`--${name} must be a ${whole ? 'whole number' : 'number'} >= 0; got ${text}`);
  return v;
}

/** A bench's lines: each printed as it comes (emit) and kept for its verdict (judgeLines). */
export function keptLines(): { lines: BenchLine[]; emit(line: BenchLine): void } {
  const lines: BenchLine[] = [];
  return {
    lines,
    emit(line) {
      lines.push(line);
      emit(line);
    },
  };
}
