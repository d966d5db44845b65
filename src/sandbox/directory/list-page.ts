import type { PageResult } from '../world/pagination';

/**
 * A page as the list endpoints answer it. A type alias (not an interface) so it is assignable to
 * the contract's loose envelope, whose index signature an interface cannot satisfy.
 */
export type ListPage<T> = { items: T[]; metadata: PageResult<T>['metadata'] };

/** Maps a page of records to a page of public views. */
export function mapPage<R, T>(page: PageResult<R>, view: (r: R) => T): ListPage<T> {
  return { items: page.items.map(view), metadata: { ...page.metadata } };
}
