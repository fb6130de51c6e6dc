import { describe, expect, it } from 'vitest';
import { firstAtLeast } from '../../src/markers/index.js';

describe('firstAtLeast', () => {
  const items = [{ t: 0 }, { t: 10 }, { t: 10 }, { t: 25 }];
  it.each([
    [-5, 0], [0, 0], [1, 1], [10, 1], [11, 3], [25, 3], [26, 4],
  ])('value %d → index %d', (value, index) => {
    expect(firstAtLeast(items, value, (i) => i.t)).toBe(index);
  });
  it('is 0 on an empty list', () => {
    expect(firstAtLeast([], 3, (i: { t: number }) => i.t)).toBe(0);
  });
});
