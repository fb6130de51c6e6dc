/** A small seeded PRNG (mulberry32): the same seed gives the same sequence on every platform. */

/** A function returning uniformly distributed numbers in [0, 1). */
export type Random = () => number;

/** mulberry32 seeded with the low 32 bits of `seed`. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
