/** Types of spoken-words.mjs: speech with exactly known word boundaries. */
export interface SpokenWordsOptions {
  /** espeak-ng voice. @default 'en-us' */
  voice?: string;
  /** espeak-ng words per minute. @default 160 */
  rate?: number;
  /** Pause after every word, ms. @default 200 */
  pauseMs?: number;
  /** Pauses after the words in turn (cycled), ms; wins over pauseMs. */
  pausesMs?: readonly number[];
  /** Floor before the first word, ms. @default 500 */
  leadMs?: number;
  /** Floor after the last word, ms. @default 500 */
  tailMs?: number;
  /** Peak amplitude of the noise floor (of 32767). @default 30 */
  floorAmplitude?: number;
  /** Seed of the noise floor. @default 1 */
  seed?: number;
  /** Spans [fromMs, toMs) set to digital zero after mixing. */
  silence?: readonly (readonly [number, number])[];
  /** ffmpeg binary. @default 'ffmpeg' */
  ffmpeg?: string;
}

export interface SpokenWord {
  word: string;
  /** First audible sample of the word, ms (exact, fractional). */
  startMs: number;
  /** End of its last audible sample, ms. */
  endMs: number;
}

export function synthesize(word: string, voice: string, rate: number, ffmpeg: string): Promise<Int16Array>;

export function writeSpokenWords(
  path: string,
  words: readonly string[],
  options?: SpokenWordsOptions,
): Promise<{ path: string; durationMs: number; words: SpokenWord[] }>;
