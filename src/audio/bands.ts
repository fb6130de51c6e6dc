/**
 * The spectral shape of consecutive frames of 16-bit audio (pure): for each frame the
 * {@link WINDOW_MS} ms of audio that end with it, Hann-windowed, zero-padded to {@link FFT_SIZE}
 * samples, its power summed into {@link BAND_COUNT} triangular bands equally spaced on the mel
 * scale from {@link LOW_HZ} to {@link HIGH_HZ}, in dB. Coarse, but enough to tell whether two
 * stretches of speech sound alike (a window as short as a 10 ms frame measured an exact copy of a
 * syllable 2 dB off, its weaker bands varying with where the window fell).
 */
import FFT from 'fft.js';

/** Bands per frame. */
export const BAND_COUNT = 16;
/** Transform length, samples (the window is zero-padded to it). */
export const FFT_SIZE = 512;
/** Length of the audio each frame's bands are measured on, ms (the frame and the audio before it). */
export const WINDOW_MS = 25;
/** Edges of the lowest and highest band, Hz. */
const LOW_HZ = 100;
const HIGH_HZ = 7600;
/** Power added before the logarithm (a band of digital silence is at 0 dB). */
const POWER_FLOOR = 1;

const mel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const hz = (m: number): number => 700 * (10 ** (m / 2595) - 1);

/** Measures the bands of consecutive frames of one length at one sample rate, fed in order. */
export class BandMeter {
  private readonly fft = new FFT(FFT_SIZE);
  private readonly input: number[] = new Array<number>(FFT_SIZE).fill(0);
  private readonly output: number[];
  private readonly window: Float64Array;
  /** The last window's samples, oldest first (zeros before the first frame). */
  private readonly history: Float64Array;
  /** Per band its weight per FFT bin: [first bin, weights]. */
  private readonly filters: (readonly [number, Float64Array])[] = [];

  constructor(
    readonly frameSamples: number,
    sampleRate: number,
  ) {
    const length = Math.max(frameSamples, Math.round((WINDOW_MS * sampleRate) / 1000));
    if (frameSamples < 1 || length > FFT_SIZE) throw new RangeError(`frames of ${frameSamples} samples at ${sampleRate} Hz: windows up to ${FFT_SIZE} samples measured`);
    this.output = this.fft.createComplexArray() as number[];
    this.history = new Float64Array(length);
    this.window = Float64Array.from({ length }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (length - 1)));
    const top = Math.min(HIGH_HZ, sampleRate / 2);
    const edges = Array.from({ length: BAND_COUNT + 2 }, (_, k) => hz(mel(LOW_HZ) + ((mel(top) - mel(LOW_HZ)) * k) / (BAND_COUNT + 1)));
    const binHz = sampleRate / FFT_SIZE;
    for (let b = 0; b < BAND_COUNT; b++) {
      const [lo, mid, hi] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
      const first = Math.ceil(lo / binHz);
      const last = Math.min(FFT_SIZE / 2 - 1, Math.floor(hi / binHz));
      const weights = Float64Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => {
        const f = (first + i) * binHz;
        return Math.max(0, f <= mid ? (f - lo) / (mid - lo) : (hi - f) / (hi - mid));
      });
      this.filters.push([first, weights]);
    }
  }

  /**
   * The bands of the next frame, `samples[at, at + frameSamples)` (fewer when the samples end),
   * measured with the frames fed before it, dB, written into `out` from `outAt`.
   */
  measure(samples: ArrayLike<number>, at: number, out: Float32Array, outAt: number): void {
    const n = Math.max(0, Math.min(this.frameSamples, samples.length - at));
    const { history, window } = this;
    history.copyWithin(0, n);
    for (let i = 0; i < n; i++) history[history.length - n + i] = samples[at + i]!;
    for (let i = 0; i < FFT_SIZE; i++) this.input[i] = i < history.length ? history[i]! * window[i]! : 0;
    this.fft.realTransform(this.output, this.input);
    for (let b = 0; b < BAND_COUNT; b++) {
      const [first, weights] = this.filters[b]!;
      let power = 0;
      for (let i = 0; i < weights.length; i++) {
        const re = this.output[2 * (first + i)]!;
        const im = this.output[2 * (first + i) + 1]!;
        power += weights[i]! * (re * re + im * im);
      }
      out[outAt + b] = 10 * Math.log10(POWER_FLOOR + power);
    }
  }
}
