import { describe, expect, it } from 'vitest';
import { busyOf, type CpuProfile } from '../bench/sync/cpu-profiles';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });

describe("bench:sync's CPU busy time", () => {
  it('counts the time of every sample but the idle ones, and names where it went', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)') },
        { id: 2, callFrame: frame('put', 'http://x/workers/search.js') },
        { id: 3, callFrame: frame('(garbage collector)') },
      ],
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [9_000_000, 1_000, 2_000, 500, 4_000],
    };
    expect(busyOf(profile)).toEqual({
      busy_ms: 4,
      top: [
        { fn: 'put search.js:0', ms: 3 },
        { fn: '(garbage collector) :0', ms: 1 },
      ],
    });
  });
});
