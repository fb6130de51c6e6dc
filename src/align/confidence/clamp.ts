/** Bounds on a feature's value (pure). */

/** `x` kept within `lo`..`hi`. */
export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
