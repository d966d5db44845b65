import type { HeapFigures } from './heap-split';
import type { PhasePeaks } from './process-memory';

/**
 * The renderer process (the app's window and its workers) as the operating system counts it,
 * resident: at most this at its peak (a million-row backfill), and at most this while a person
 * searches afterwards (every sample of the search session, not an average). MB = 10^6 bytes.
 */
export const PROCESS_MEMORY_TARGETS = { rendererPeakBytes: 1_200e6, rendererSteadyBytes: 800e6 } as const;

const mb = (b: number) => `${Math.round(b / 1e6)} MB`;

/**
 * `steadyPhases`: the phases that are the search session; the peak is over every phase. A phase
 * named but never sampled fails: no figure is no pass. Pure (tests/unit/process-memory-verdict.test.ts).
 */
export function judgeProcessMemory(
  phases: readonly PhasePeaks[],
  steadyPhases: readonly string[],
  targets: typeof PROCESS_MEMORY_TARGETS = PROCESS_MEMORY_TARGETS,
): string[] {
  const failures: string[] = [];
  const sampled = phases.filter((p) => p.samples > 0 && p.renderer_peak_rss_bytes > 0);
  if (sampled.length === 0) return ['the renderer process was never sampled, so there is no peak'];
  const peak = sampled.reduce((a, b) => (b.renderer_peak_rss_bytes > a.renderer_peak_rss_bytes ? b : a));
  if (peak.renderer_peak_rss_bytes > targets.rendererPeakBytes)
    failures.push(
      `the renderer process held ${mb(peak.renderer_peak_rss_bytes)} resident during '${peak.phase}', over ${mb(targets.rendererPeakBytes)}`,
    );
  for (const name of steadyPhases) {
    const p = sampled.find((x) => x.phase === name);
    if (!p) failures.push(`the renderer process was never sampled during '${name}'`);
    else if (p.renderer_peak_rss_bytes > targets.rendererSteadyBytes)
      failures.push(
        `the renderer process held up to ${mb(p.renderer_peak_rss_bytes)} resident during '${name}', over ${mb(targets.rendererSteadyBytes)}`,
      );
  }
  return failures;
}

const heapMb = (h: HeapFigures | null) =>
  h
    ? {
        used: Math.round(h.usedBytes / 1e6),
        committed: Math.round(h.totalBytes / 1e6),
        buffers: Math.round(h.buffersBytes / 1e6),
        blink: Math.round(h.embedderBytes / 1e6),
      }
    : null;

/** The phases as JSON lines' fields, in MB. */
export function phaseLine(p: PhasePeaks): Record<string, unknown> {
  const at = p.renderer_at_peak;
  return {
    phase: p.phase,
    samples: p.samples,
    renderer_peak_rss_mb: Math.round(p.renderer_peak_rss_bytes / 1e6),
    renderer_peak_private_mb: Math.round(p.renderer_peak_private_bytes / 1e6),
    renderer_last_rss_mb: Math.round(p.renderer_last_rss_bytes / 1e6),
    renderer_last_private_mb: Math.round(p.renderer_last_private_bytes / 1e6),
    renderer_at_peak_mb: at
      ? {
          anon: Math.round(at.anonBytes / 1e6),
          file: Math.round(at.fileBytes / 1e6),
          shmem: Math.round(at.shmemBytes / 1e6),
        }
      : null,
    heaps_at_peak_mb: p.heaps_at_peak
      ? { window: heapMb(p.heaps_at_peak.window), worker: heapMb(p.heaps_at_peak.worker) }
      : null,
    browser_peak_rss_mb: Math.round(p.browser_peak_rss_bytes / 1e6),
    browser_peak_private_mb: Math.round(p.browser_peak_private_bytes / 1e6),
    others_peak_rss_mb: Math.round(p.others_peak_rss_bytes / 1e6),
  };
}
