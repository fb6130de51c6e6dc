/**
 * Edge levels of a clip: how loud its first and last 10 ms are relative to the clip as a whole.
 * A clip cut in a pause starts and ends far below its own level; one that starts or ends in the
 * middle of a sound does not (an audible click, a clipped consonant, or simply a word touching the
 * next one). Reported in the manifest for whoever wants them; the `cut-edge` flag is judged on the
 * recording's frames instead (src/align/confidence/edges.ts).
 */

/** Length of each edge, ms. */
export const EDGE_MS = 10;
/** Lowest reported level, dB (silence, or a silent clip). */
export const FLOOR_DB = -99;

/** Levels of the first and last {@link EDGE_MS} of a clip relative to the clip's own RMS level, dB (0.1 dB steps). */
export interface EdgeLevels {
  edgeStartDb: number;
  edgeEndDb: number;
}

/**
 * Measures the edge levels of one clip of `totalFrames` interleaved 16-bit frames fed in any
 * number of pieces, in order ({@link EdgeMeter.feed}); no audio is kept.
 */
export class EdgeMeter {
  readonly #edge: number;
  readonly #total: number;
  readonly #channels: number;
  #all = 0;
  #head = 0;
  #tail = 0;

  constructor(totalFrames: number, sampleRate: number, channels: number) {
    this.#total = totalFrames;
    this.#channels = channels;
    this.#edge = Math.min(totalFrames, Math.max(1, Math.round((EDGE_MS * sampleRate) / 1000)));
  }

  /** Add `pcm` (int16 LE, whole frames), which holds the clip's frames from `firstFrame` on. */
  feed(pcm: Buffer, firstFrame: number): void {
    const values = pcm.byteOffset % 2 === 0
      ? new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1)
      : new Int16Array(Uint8Array.from(pcm).buffer);
    const ch = this.#channels;
    const headEnd = Math.min(values.length, Math.max(0, (this.#edge - firstFrame) * ch)); // values before this index are in the head
    // values from here on are in the tail
    const tailStart = Math.min(values.length, Math.max(0, (this.#total - this.#edge - firstFrame) * ch));
    this.#all += sumOfSquares(values, 0, values.length);
    this.#head += sumOfSquares(values, 0, headEnd);
    this.#tail += sumOfSquares(values, tailStart, values.length);
  }

  /** The levels of everything fed (a silent clip gives {@link FLOOR_DB} at both edges). */
  levels(): EdgeLevels {
    const values = this.#total * this.#channels;
    const edgeValues = this.#edge * this.#channels;
    const clip = values === 0 ? 0 : this.#all / values;
    const level = (energy: number): number => {
      if (clip === 0 || energy === 0) return FLOOR_DB;
      const db = 10 * Math.log10(energy / edgeValues / clip);
      return Math.max(FLOOR_DB, Math.round(db * 10) / 10);
    };
    return { edgeStartDb: level(this.#head), edgeEndDb: level(this.#tail) };
  }
}

/** Σ values[i]² over [from, to), four at a time (exact: a clip's sum stays far below 2^53). */
function sumOfSquares(values: Int16Array, from: number, to: number): number {
  let sum = 0;
  let i = from;
  for (; i + 3 < to; i += 4) {
    const a = values[i]!;
    const b = values[i + 1]!;
    const c = values[i + 2]!;
    const d = values[i + 3]!;
    sum += a * a + b * b + (c * c + d * d);
  }
  for (; i < to; i++) sum += values[i]! * values[i]!;
  return sum;
}
