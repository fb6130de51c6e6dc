/** Binary search over items sorted by a numeric key. */

/**
 * Index of the first item whose `key` is at least `value` (`items.length` when none is), for
 * `items` sorted by `key` ascending: O(log n).
 */
export function firstAtLeast<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
