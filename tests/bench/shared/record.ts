/**
 * `npm run bench:record -- <file.jsonl> <command> [args...]`, e.g.
 * `npm run bench:record -- docs/bench/sync-1000000.jsonl npx tsx tests/bench/sync/run.ts --rows 1000000`
 *
 * Runs one benchmark and keeps its raw output: the file's first line says where the figures come
 * from (the command, the commit and whether the tree was dirty, the machine: CPU, cores, memory,
 * OS, Node, Chromium; the time and the load), then every JSON line the benchmark printed on stdout
 * (its child processes' too), as it printed them, then a last line with the exit code and the time
 * it took. stdout still shows everything and stderr is passed through; the exit code is the
 * benchmark's. Lines that are not JSON (a tool's banner) are shown, counted, not kept.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { roundLoad, runOrigin } from './machine';

function isJsonObject(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const [file, command, ...args] = process.argv.slice(2);
  if (!file || !command || !file.endsWith('.jsonl')) {
    process.stderr.write('usage: npm run bench:record -- <file.jsonl> <command> [args...]\n');
    return 2;
  }
  mkdirSync(dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const started = new Date();
  out.write(
    `${JSON.stringify({ kind: 'record', command: [command, ...args].join(' '), started_at: started.toISOString(), ...runOrigin() })}\n`,
  );
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let kept = 0;
  let other = 0;
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    process.stdout.write(`${line}\n`);
    if (isJsonObject(line)) {
      out.write(`${line}\n`);
      kept++;
    } else other++;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (c, s) => resolve([c, s]));
  });
  // A signal is no pass: 128 + its number, as a shell reports it.
  const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
  const finished = new Date();
  out.write(
    `${JSON.stringify({ kind: 'record-end', finished_at: finished.toISOString(), seconds: Math.round((finished.getTime() - started.getTime()) / 100) / 10, exit_code: exitCode, signal, json_lines: kept, other_lines: other, load_average: roundLoad() })}\n`,
  );
  await new Promise<void>((resolve) => out.end(resolve));
  process.stderr.write(`[bench:record] ${kept} JSON lines in ${file}; exit ${exitCode}\n`);
  return exitCode;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`[bench:record] ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
