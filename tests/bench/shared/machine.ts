import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { findChromium } from '../../../src/browser-host/find-chromium';

/**
 * What a benchmark's figures were measured on: the commit (and whether the tree differed from it)
 * and the machine. The first line of every recorded run (record.ts), so a figure in docs/benchmarks.md can
 * be traced to the code and the hardware that made it.
 */
export interface RunOrigin {
  commit: string | null;
  /** Uncommitted changes to tracked files, or untracked files, were present: the commit is not the whole story. */
  dirty: boolean | null;
  /** What differed (git status --porcelain), the first 20 entries. */
  changes: string[];
  branch: string | null;
  cpu_model: string | null;
  cores: number;
  memory_gb: number;
  os: string;
  node: string;
  chromium: string | null;
  load_average: number[];
}

function quiet(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 20_000,
    }).trim();
  } catch {
    return null;
  }
}

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (pretty) return `${pretty} (${type()} ${release()})`;
  } catch {
    // Not Linux, or no os-release: the kernel's name is all there is.
  }
  return `${type()} ${release()}`;
}

export const roundLoad = () => loadavg().map((l) => Math.round(l * 100) / 100);

export function runOrigin(): RunOrigin {
  const status = quiet('git', ['status', '--porcelain']);
  const chromium = findChromium();
  return {
    commit: quiet('git', ['rev-parse', 'HEAD']),
    dirty: status === null ? null : status.length > 0,
    changes: (status ?? '')
      .split('\n')
      .filter((l) => l.length > 0)
      .slice(0, 20),
    branch: quiet('git', ['rev-parse', '--abbrev-ref', 'HEAD']),
    cpu_model: cpus()[0]?.model.trim() ?? null,
    cores: cpus().length,
    memory_gb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: osName(),
    node: process.version,
    chromium: chromium ? quiet(chromium, ['--version']) : null,
    load_average: roundLoad(),
  };
}
