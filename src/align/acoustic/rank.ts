/**
 * A value of a given rank among many frame levels, without sorting a copy of them (pure). A 3-hour
 * recording has two million 5 ms frames: a sorted copy is 17 MB, and the levels, the noise bed and
 * the confidence each took one. Here each pass counts the values into {@link BINS} bins between the
 * window's lowest and highest value, keeps the bin holding the rank, and passes again over that bin
 * alone, until it holds few enough values to sort ({@link SORT_AT_MOST}) or only one value: exact,
 * the same value a sort gives, in a few passes and a few kilobytes.
 */

/** Bins of a pass. */
export const BINS = 4096;
/** A window of at most this many values is copied and sorted. */
export const SORT_AT_MOST = 4096;

/** Keeps every value. */
const ALL = (): boolean => true;

/**
 * The `share` percentile of the values of `values` that `keep` keeps, as a sorted copy `sorted` of
 * them gives it: `sorted[Math.floor(share × (sorted.length − 1))]` (the rank clamped to the values
 * there are); `empty` when it keeps none. The values are finite or `-Infinity` (digital silence),
 * which ranks first, as in a sort.
 */
export function valueAtShare(values: ArrayLike<number>, share: number, empty: number, keep: (value: number) => boolean = ALL): number {
  let below = 0;
  let kept = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!keep(v)) continue;
    kept++;
    if (v === Number.NEGATIVE_INFINITY) below++;
  }
  if (kept === 0) return empty;
  let k = Math.max(0, Math.min(kept - 1, Math.floor(share * (kept - 1))));
  if (k < below) return Number.NEGATIVE_INFINITY;
  k -= below;
  // The chosen bin of each pass so far, with the range it was cut from: a value is in the window when it fell in every one.
  const passes: { min: number; max: number; bin: number }[] = [];
  const binOf = (v: number, p: { min: number; max: number }): number =>
    Math.min(BINS - 1, Math.floor(((v - p.min) / (p.max - p.min)) * BINS));
  const inWindow = (v: number): boolean =>
    v !== Number.NEGATIVE_INFINITY && keep(v) && passes.every((p) => binOf(v, p) === p.bin);
  for (;;) {
    let n = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!inWindow(v)) continue;
      n++;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (min === max) return min;
    if (n <= SORT_AT_MOST) {
      const window = new Float64Array(n);
      let at = 0;
      for (let i = 0; i < values.length; i++) if (inWindow(values[i]!)) window[at++] = values[i]!;
      return window.sort()[k]!;
    }
    const counts = new Uint32Array(BINS);
    const pass = { min, max, bin: 0 };
    for (let i = 0; i < values.length; i++) if (inWindow(values[i]!)) counts[binOf(values[i]!, pass)]!++;
    while (k >= counts[pass.bin]!) k -= counts[pass.bin++]!;
    passes.push(pass);
  }
}
