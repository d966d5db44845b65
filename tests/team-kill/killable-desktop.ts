import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { DesktopDirs } from './desktop';
import { chromiumChildOf, running } from './procs';

const ROOT = resolve(__dirname, '../..');
const ENTRY = join(ROOT, 'tests/team-kill/desktop.ts');
/** A start on a busy two-core machine: Node, tsx, Chromium and the renderer (5-15 s). */
const START_LIMIT_MS = 60_000;
/**
 * Starts that may hang before one comes up. Now and then (2 starts in about 150) Playwright's
 * launchPersistentContext never returns although Chromium loaded its first page: that is the
 * host's launch, not what this test is about, so such a start is killed and made again, and the
 * summary counts it (`starts_that_hung`).
 */
const START_ATTEMPTS = 3;

/** A start that did not come up in time (as opposed to one that failed). */
class StartHung extends Error {}

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
  hungStarts = 0;
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

  /** Starts it and waits until its page shows its first heading; a start that hangs is made again. */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startOnce();
      } catch (error) {
        if (!(error instanceof StartHung) || attempt >= START_ATTEMPTS) throw error;
        this.hungStarts++;
      }
    }
  }

  private async startOnce(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, JSON.stringify(this.dirs)], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    appendFileSync(this.logFile, `--- start ${this.starts}\n`);
    child.stderr?.on('data', (d: Buffer) => appendFileSync(this.logFile, d));
    this.exited = new Promise((done) => child.once('exit', () => done()));
    const ready = new Promise<number>((resolveReady, reject) => {
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      lines.on('line', (line) => {
        if (line !== '{"ready":true}') return appendFileSync(this.logFile, `${line}\n`);
        const chromium = chromiumChildOf(child.pid as number);
        if (chromium !== null) resolveReady(chromium);
        else
          reject(
            new Error(`${this.name}'s Chromium is not among its children: the test could not kill it with the desktop`),
          );
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`${this.name} ended before its page was up (${code ?? signal}); see ${this.logFile}`)),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>(
      (_, reject) =>
        (timer = setTimeout(
          () => reject(new StartHung(`${this.name} was not up after ${START_LIMIT_MS / 1000} s; see ${this.logFile}`)),
          START_LIMIT_MS,
        )),
    );
    try {
      this.chromiumPid = await Promise.race([ready, late]);
    } catch (error) {
      await this.kill(false);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL to the desktop's group and Chromium's; returns once neither runs. `counted`: one of the test's kills. */
  async kill(counted = true): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const chromium = this.chromiumPid ?? chromiumChildOf(child.pid);
    killGroup(child.pid);
    if (chromium !== null) killGroup(chromium);
    if (counted) this.kills++;
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
