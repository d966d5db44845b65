import { describe, expect, it } from 'vitest';
import { QUERY_SEED, SEED } from '../bench/search/node/data';
import { TUNING_QUERY_SEED, TUNING_SEED, tuningSeeds, positionalArgs } from '../bench/search/node/tuning-seeds';

// Tune on one world, judge on another: the tuning tool must refuse bench:search's verdict seeds.

describe('tuningSeeds', () => {
  it("defaults to a world and a query pick apart from bench:search's verdict", () => {
    expect(tuningSeeds([])).toEqual({ dataSeed: TUNING_SEED, querySeed: TUNING_QUERY_SEED });
    expect(TUNING_SEED).not.toBe(SEED);
    expect(TUNING_QUERY_SEED).not.toBe(QUERY_SEED);
  });

  it("refuses the verdict's data seed and its query seed", () => {
    expect(() => tuningSeeds(['--seed', String(SEED)])).toThrow(/verdict world/);
    expect(() => tuningSeeds(['--query-seed', String(QUERY_SEED)])).toThrow(/verdict queries/);
    expect(tuningSeeds(['1000000', '--seed', '5', '--query-seed', '6'])).toEqual({ dataSeed: 5, querySeed: 6 });
  });

  it('leaves the positional arguments', () => {
    expect(positionalArgs(['1000000', '--seed', '5', 'coverShare', '--category', 'word', '0,8'])).toEqual([
      '1000000',
      'coverShare',
      '0,8',
    ]);
  });
});
