import { describe, expect, it } from 'vitest';
import { phasePeaks, type ProcessFigures, type ProcessSample } from '../bench/shared/process-memory';
import { judgeProcessMemory } from '../bench/shared/process-memory-verdict';

// The renderer process's memory as the OS counts it, judged on made-up samples: it must be able to fail.

const MB = 1e6;
const proc = (rssMb: number, privateMb = rssMb * 0.8): ProcessFigures => ({
  pid: 1,
  rssBytes: rssMb * MB,
  privateBytes: privateMb * MB,
  anonBytes: rssMb * 0.7 * MB,
  fileBytes: rssMb * 0.3 * MB,
  shmemBytes: 0,
});
const sample = (t: number, phase: string, rendererMb: number | null, browserMb = 300): ProcessSample => ({
  t,
  phase,
  renderer: rendererMb === null ? null : proc(rendererMb),
  browser: proc(browserMb),
  othersRssBytes: 200 * MB,
  othersPrivateBytes: 100 * MB,
});

describe('phasePeaks', () => {
  it('keeps the highest and the last of each figure per phase, in the order the phases began', () => {
    const peaks = phasePeaks([
      sample(0, 'sync', 400),
      sample(250, 'sync', 1100, 500),
      sample(500, 'sync', 900),
      sample(750, 'search', 700),
      sample(1000, 'search', 650),
    ]);
    expect(
      peaks.map((p) => [
        p.phase,
        p.samples,
        p.renderer_peak_rss_bytes / MB,
        p.renderer_last_rss_bytes / MB,
        p.browser_peak_rss_bytes / MB,
      ]),
    ).toEqual([
      ['sync', 3, 1100, 900, 500],
      ['search', 2, 700, 650, 300],
    ]);
    expect(peaks[0]?.renderer_at_peak?.rssBytes).toBe(1100 * MB);
  });
});

describe('judgeProcessMemory', () => {
  it('passes a renderer under 1.2 GB at its peak and under 800 MB through the search session', () => {
    expect(judgeProcessMemory(phasePeaks([sample(0, 'sync', 1199), sample(1, 'search', 799)]), ['search'])).toEqual([]);
  });

  it('fails a peak over 1.2 GB, and one sample of the search session over 800 MB', () => {
    const failures = judgeProcessMemory(
      phasePeaks([
        sample(0, 'sync', 2400),
        sample(1, 'search', 650),
        sample(2, 'search', 1400),
        sample(3, 'search', 700),
      ]),
      ['search'],
    );
    expect(failures).toEqual([
      "the renderer process held 2400 MB resident during 'sync', over 1200 MB",
      "the renderer process held up to 1400 MB resident during 'search', over 800 MB",
    ]);
  });

  it('fails rather than passes when the renderer or the search session was never sampled', () => {
    expect(judgeProcessMemory(phasePeaks([sample(0, 'sync', null)]), ['search'])).toEqual([
      'the renderer process was never sampled, so there is no peak',
    ]);
    expect(judgeProcessMemory(phasePeaks([sample(0, 'sync', 500)]), ['search'])).toEqual([
      "the renderer process was never sampled during 'search'",
    ]);
  });
});
