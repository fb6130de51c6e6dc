/**
 * Edit-distance alignment of two token sequences in linear memory: unique trigram anchors (kept
 * in order by a longest increasing subsequence) split the sequences into gaps, anchors are sought
 * again inside each gap, and a gap without anchors is aligned by Hirschberg's divide and conquer
 * (two cost rows at a time); only a gap of at most {@link SMALL_CELLS} cells is solved with a
 * direction table. No table ever grows with the product of the two lengths.
 * Costs: match 0, a token of either side left over 4, a substitution 4 between tokens that sound
 * alike (the same consonant skeleton: anna/hannah, colour/color, smith/smyth), 5 between tokens
 * whose skeletons begin alike (stanley/stella: `st…`) and 6 otherwise: a substitution is cheaper
 * than a token left over on each side, and of two ways to pair words the one pairing similar
 * words wins (reference "call Stanley" heard "call stella today" pairs Stanley with stella, not
 * with today).
 */

/** Largest gap (cells = tokens × tokens) solved with a full direction table. */
export const SMALL_CELLS = 1 << 18;
/** Length of the n-grams used as anchors. */
const ANCHOR = 3;

/** Work counters of one alignment: DP cells evaluated, and the most cells held in memory at once. */
export interface AlignStats {
  cells: number;
  peakCells: number;
}

/**
 * Align `ref` to `rec` (tokens as integers: equal values are equal tokens). Returns, per ref
 * token, the index of the rec token it is aligned to (a match or a substitution), or -1 when it
 * has none. Rec tokens no ref token points to are extra (inserted) tokens.
 */
export function alignTokens(
  ref: Int32Array,
  rec: Int32Array,
  stats: AlignStats = { cells: 0, peakCells: 0 },
  alike?: Int32Array,
  onset?: Int32Array,
): Int32Array {
  const out = new Int32Array(ref.length).fill(-1);
  new Aligner(ref, rec, out, stats, alike ?? new Int32Array(0), onset ?? new Int32Array(0)).range(0, ref.length, 0, rec.length);
  return out;
}

/** A token left over (on either side). */
const GAP = 4;

/**
 * Tokens as integers (one id per distinct string, shared by both sides), and per id its sound-alike
 * class and its onset class (the first two letters of its skeleton): tokens of one class
 * substitute at a lower cost.
 */
export function internTokens(
  ref: readonly string[],
  rec: readonly string[],
): { ref: Int32Array; rec: Int32Array; alike: Int32Array; onset: Int32Array } {
  const ids = new Map<string, number>();
  const side = (tokens: readonly string[]): Int32Array =>
    Int32Array.from(tokens, (token) => {
      let id = ids.get(token);
      if (id === undefined) ids.set(token, (id = ids.size));
      return id;
    });
  const a = side(ref);
  const b = side(rec);
  const classOf = (classes: Map<string, number>, key: string): number => {
    let cls = classes.get(key);
    if (cls === undefined) classes.set(key, (cls = classes.size));
    return cls;
  };
  const skeletons = new Map<string, number>();
  const onsets = new Map<string, number>();
  const alike = new Int32Array(ids.size);
  const onset = new Int32Array(ids.size);
  for (const [token, id] of ids) {
    const key = skeleton(token);
    alike[id] = classOf(skeletons, key);
    onset[id] = classOf(onsets, key.length >= 2 ? key.slice(0, 2) : `${key}\u0000${id}`);
  }
  return { ref: a, rec: b, alike, onset };
}

/**
 * The consonants of a token, without h, w, y and with doubled letters once (`hannah` → `n`, `anna` → `n`); a token without any is its own.
 */
function skeleton(token: string): string {
  return token.replace(/[aeiouhwy'\s]/g, '').replace(/(.)\1+/g, '$1') || token;
}

class Aligner {
  constructor(
    readonly a: Int32Array,
    readonly b: Int32Array,
    readonly out: Int32Array,
    readonly stats: AlignStats,
    readonly alike: Int32Array,
    readonly onset: Int32Array,
  ) {}

  /** Cost of pairing token ids x and y. */
  pair(x: number, y: number): number {
    if (x === y) return 0;
    if (this.alike.length > 0 && this.alike[x] === this.alike[y]) return 4;
    return this.onset.length > 0 && this.onset[x] === this.onset[y] ? 5 : 6;
  }

  range(aLo: number, aHi: number, bLo: number, bHi: number): void {
    const n = aHi - aLo;
    const m = bHi - bLo;
    if (n === 0 || m === 0) return;
    if (n * m <= SMALL_CELLS) {
      this.table(aLo, aHi, bLo, bHi);
      return;
    }
    const anchors = this.anchors(aLo, aHi, bLo, bHi);
    if (anchors.length === 0) {
      this.hirschberg(aLo, aHi, bLo, bHi);
      return;
    }
    let curA = aLo;
    let curB = bLo;
    for (const [pa, pb] of anchors) {
      if (pa < curA || pb < curB) {
        // Overlaps the previous anchor: on the same diagonal it extends the matched run.
        if (pa - curA !== pb - curB || pa + ANCHOR <= curA) continue;
        for (let k = curA; k < pa + ANCHOR; k++) this.out[k] = k - pa + pb;
      } else {
        this.range(curA, pa, curB, pb);
        for (let k = 0; k < ANCHOR; k++) this.out[pa + k] = pb + k;
      }
      curA = pa + ANCHOR;
      curB = pb + ANCHOR;
    }
    this.range(curA, aHi, curB, bHi);
  }

  /** Trigrams found exactly once on each side of the gap, as [aPos, bPos], kept in order on both sides. */
  anchors(aLo: number, aHi: number, bLo: number, bHi: number): [number, number][] {
    const inA = uniqueGrams(this.a, aLo, aHi);
    const inB = uniqueGrams(this.b, bLo, bHi);
    const pairs: [number, number][] = [];
    for (const [key, pa] of inA) {
      const pb = inB.get(key);
      if (pa >= 0 && pb !== undefined && pb >= 0) pairs.push([pa, pb]);
    }
    pairs.sort((x, y) => x[0] - y[0]);
    return increasing(pairs);
  }

  /** Hirschberg: split the ref half way, find where the rec splits from one forward and one backward cost row. */
  hirschberg(aLo: number, aHi: number, bLo: number, bHi: number): void {
    const n = aHi - aLo;
    const m = bHi - bLo;
    if (n === 0 || m === 0) return;
    if (n === 1 || n * m <= SMALL_CELLS) {
      this.table(aLo, aHi, bLo, bHi);
      return;
    }
    const mid = aLo + (n >> 1);
    const forward = this.costRow(aLo, mid, bLo, bHi, 1);
    const backward = this.costRow(mid, aHi, bLo, bHi, -1);
    let best = 0;
    let bestCost = Infinity;
    for (let j = 0; j <= m; j++) {
      const cost = forward[j]! + backward[m - j]!;
      if (cost < bestCost) {
        bestCost = cost;
        best = j;
      }
    }
    this.hirschberg(aLo, mid, bLo, bLo + best);
    this.hirschberg(mid, aHi, bLo + best, bHi);
  }

  /**
   * The last cost row of aligning a[aLo..aHi) with every prefix of b[bLo..bHi) (`dir` 1), or with
   * every suffix, read from the end (`dir` -1: entry j covers the last j rec tokens).
   */
  costRow(aLo: number, aHi: number, bLo: number, bHi: number, dir: 1 | -1): Int32Array {
    const m = bHi - bLo;
    let prev = new Int32Array(m + 1);
    let cur = new Int32Array(m + 1);
    this.hold(2 * (m + 1));
    for (let j = 0; j <= m; j++) prev[j] = j * GAP;
    const { a, b } = this;
    for (let step = 1; step <= aHi - aLo; step++) {
      const ai = a[dir === 1 ? aLo + step - 1 : aHi - step]!;
      cur[0] = step * GAP;
      for (let j = 1; j <= m; j++) {
        const bj = b[dir === 1 ? bLo + j - 1 : bHi - j]!;
        const diagonal = prev[j - 1]! + this.pair(ai, bj);
        const up = prev[j]! + GAP;
        const left = cur[j - 1]! + GAP;
        cur[j] = diagonal <= up ? (diagonal <= left ? diagonal : left) : up <= left ? up : left;
      }
      [prev, cur] = [cur, prev];
    }
    this.stats.cells += (aHi - aLo) * m;
    return prev;
  }

  /** Full DP with a direction table (a gap of at most SMALL_CELLS cells, or one ref token against the rec). */
  table(aLo: number, aHi: number, bLo: number, bHi: number): void {
    const n = aHi - aLo;
    const m = bHi - bLo;
    const width = m + 1;
    const dirs = new Uint8Array((n + 1) * width); // 0 diagonal, 1 up (ref token left over), 2 left (rec token left over)
    let prev = new Int32Array(width);
    let cur = new Int32Array(width);
    this.hold(dirs.length + 2 * width);
    for (let j = 0; j <= m; j++) {
      prev[j] = j * GAP;
      dirs[j] = 2;
    }
    const { a, b } = this;
    for (let i = 1; i <= n; i++) {
      const ai = a[aLo + i - 1]!;
      cur[0] = i * GAP;
      dirs[i * width] = 1;
      for (let j = 1; j <= m; j++) {
        const diagonal = prev[j - 1]! + this.pair(ai, b[bLo + j - 1]!);
        const up = prev[j]! + GAP;
        const left = cur[j - 1]! + GAP;
        let best = diagonal;
        let dir = 0;
        if (up < best) {
          best = up;
          dir = 1;
        }
        if (left < best) {
          best = left;
          dir = 2;
        }
        cur[j] = best;
        dirs[i * width + j] = dir;
      }
      [prev, cur] = [cur, prev];
    }
    this.stats.cells += n * m;
    let i = n;
    let j = m;
    while (i > 0 && j > 0) {
      const dir = dirs[i * width + j];
      if (dir === 0) {
        this.out[aLo + i - 1] = bLo + j - 1;
        i--;
        j--;
      } else if (dir === 1) {
        i--;
      } else {
        j--;
      }
    }
  }

  hold(cells: number): void {
    if (cells > this.stats.peakCells) this.stats.peakCells = cells;
  }
}

/** Trigrams of tokens[lo..hi) → their position, or -1 when the trigram occurs more than once. */
function uniqueGrams(tokens: Int32Array, lo: number, hi: number): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = lo; i + ANCHOR <= hi; i++) {
    const key = `${tokens[i]},${tokens[i + 1]},${tokens[i + 2]}`;
    grams.set(key, grams.has(key) ? -1 : i);
  }
  return grams;
}

/** The longest subsequence of `pairs` (sorted by their first member) whose second members increase. */
function increasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = []; // index into pairs of the smallest tail of each length
  const before = new Int32Array(pairs.length).fill(-1);
  for (let i = 0; i < pairs.length; i++) {
    const value = pairs[i]![1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) before[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const chain: [number, number][] = [];
  for (let k = tails.at(-1) ?? -1; k >= 0; k = before[k]!) chain.push(pairs[k]!);
  return chain.reverse();
}
