import type { CategoryFigures, Group } from '../bench/search/node/compare';
import { CATEGORIES } from '../bench/search/node/queries';

/** Fabricated bench:search figures for the verdict's tests: every category as given, the rest fast. */
export function categoryFigures(
  oursP95: number,
  peerP95: number | null,
  overrides: Partial<Record<Group, Partial<CategoryFigures>>> = {},
): CategoryFigures[] {
  return [...CATEGORIES, 'overall' as const].map((group) => ({
    group,
    oursP95,
    oursEngineP95: oursP95 / 2,
    best:
      peerP95 === null
        ? null
        : {
            engine: 'sqlite',
            p95: peerP95,
            oursP95,
            ratio: Math.round((peerP95 / oursP95) * 10) / 10,
            queries: 4,
            engineOnly: null,
          },
    ...overrides[group],
  }));
}

/** Figures that meet the targets at every size: 0.5 ms, the best peer at 50 ms. */
export function fastCategories(): CategoryFigures[] {
  return categoryFigures(0.5, 50);
}
