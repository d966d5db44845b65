import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { DesktopDirs } from './desktop';

const ROOT = resolve(__dirname, '../..');
const ENTRY = join(ROOT, 'tests/team-kill/desktop.ts');
/** A start on a busy two-core machine: Node, tsx, Chromium and the renderer. */
const START_LIMIT_MS = 90_000;

/** Gone, or a zombie nobody reaps yet (Linux's /proc: state Z): it runs no more either way. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * One sending desktop the test starts, SIGKILLs and starts again on the same data folders: the
 * child (tests/team-kill/desktop.ts) runs in a process group of its own, Chromium in another
 * (Playwright's), and a kill ends both groups at once.
 */
export class KillableDesktop {
  starts = 0;
  kills = 0;
  private child: ChildProcess | null = null;
  private chromiumPid: number | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    /** Its database login: whose lease a row holds. */
    readonly login: string,
    private readonly dirs: DesktopDirs,
    private readonly logFile: string,
  ) {}

  get alive(): boolean {
    return this.child !== null;
  }

  /** Starts it and waits until its page shows its first heading. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, JSON.stringify(this.dirs)], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.starts++;
    appendFileSync(this.logFile, `--- start ${this.starts}\n`);
    child.stderr?.on('data', (d: Buffer) => appendFileSync(this.logFile, d));
    this.exited = new Promise((done) => child.once('exit', () => done()));
    const ready = new Promise<number>((resolveReady, reject) => {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      lines.on('line', (line) => {
        const parsed = line.startsWith('{') ? (JSON.parse(line) as { ready?: boolean; chromiumPid?: number }) : {};
        if (parsed.ready && parsed.chromiumPid) resolveReady(parsed.chromiumPid);
        else appendFileSync(this.logFile, `${line}\n`);
      });
      child.once('exit', (code, signal) => reject(new Error(`${this.name} ended before its page was up (${code ?? signal}); see ${this.logFile}`)));
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${this.name} was not up after ${START_LIMIT_MS / 1000} s; see ${this.logFile}`)), START_LIMIT_MS)));
    try {
      this.chromiumPid = await Promise.race([ready, late]);
    } catch (error) {
      await this.kill();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL to the desktop's group and Chromium's; returns once neither runs. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const chromium = this.chromiumPid;
    killGroup(child.pid);
    if (chromium !== null) killGroup(chromium);
    this.kills++;
    this.child = null;
    this.chromiumPid = null;
    await this.exited;
    // Chromium's parent is gone: wait on its state (it must not hold the profile at the next start).
    for (let i = 0; chromium !== null && running(chromium); i++) {
      if (i > 500) throw new Error(`${this.name}'s Chromium (${chromium}) still runs 10 s after SIGKILL`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
