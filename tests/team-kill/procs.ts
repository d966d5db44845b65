import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after "pid (comm) ": comm may hold spaces, so read from its last ')'. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The Chromium that the process `pid` started (Linux's /proc), or null. Playwright starts it as
 * the leader of a process group of its own, so killing the desktop's group leaves it running:
 * the test kills this one's group too.
 */
export function chromiumChildOf(pid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(statFields(entry)?.[1]) !== pid) continue;
    try {
      if (/chrom/i.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) return Number(entry);
    } catch {
      // It ended while we looked.
    }
  }
  return null;
}

/** Whether `pid` still runs: gone, or a zombie nobody reaps yet (state Z), it does not. */
export function running(pid: number): boolean {
  const fields = statFields(pid);
  return fields !== null && fields[0] !== 'Z';
}
