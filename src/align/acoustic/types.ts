/** The acoustic aligner's options and result (the interface the reference pipeline calls). */

/** The local recognizer the aligner runs, and its search settings. */
export interface AcousticRecognizerOptions {
  /** The recognizer binary: a name looked up on PATH, or a path. @default 'pocketsphinx_batch' */
  readonly binary?: string;
  /** Folder holding `en-us/` (acoustic model) and `cmudict-en-us.dict`. @default '/usr/share/pocketsphinx/model/en-us' */
  readonly modelDir?: string;
  /** espeak-ng binary, for words missing from the pronouncing dictionary. @default 'espeak-ng' */
  readonly espeakBinary?: string;
  /** espeak-ng voice whose phonemes are used for such words. @default 'en-us' */
  readonly espeakVoice?: string;
  /** Extra recognizer settings appended last (e.g. `['-beam', '1e-60']`). @default [] */
  readonly settings?: readonly string[];
}

export interface AlignAcousticOptions {
  /** 16 kHz mono 16-bit WAV with a 44-byte header (the run's work audio). */
  readonly wavPath: string;
  /** Per reference word its spoken tokens, lowercase (`"1984"` → `["nineteen","eighty","four"]`); `[]`: nothing spoken. */
  readonly words: readonly (readonly string[])[];
  /** Audio longer than this is searched in windows of this length (see windows.ts), ms. @default 30000 */
  readonly windowMs?: number;
  /** The recognizer and model. @default Debian's pocketsphinx_batch and US English model */
  readonly pocketsphinx?: AcousticRecognizerOptions;
  /**
   * Folder in which the aligner makes its private working folder (dictionary, grammars, control
   * files); the working folder is removed when the call ends, and one left by a killed process is
   * removed by the next call. @default the system temp folder
   */
  readonly tempDir?: string;
  /** Aborting kills the recognizer and rejects with `E_ABORTED`. */
  readonly signal?: AbortSignal;
}

/**
 * The acoustic evidence for one placed word (for confidence and the mismatch decision). Scores are
 * PocketSphinx acoustic log scores (`ascr`, each frame's best senone taken as 0): comparable
 * between the grammar search and the phone loop over the same frames.
 */
export interface WordEvidence {
  /** 10 ms frames of the word as the search placed it (before edge refinement). */
  readonly frames: number;
  /** Forced-alignment acoustic log score of the word over those frames (summed over its tokens). */
  readonly alignedScore: number;
  /** Best free phone-loop acoustic log score over the same frames; null when no phone-loop pass ran. */
  readonly loopScore: number | null;
  /** Phones in the pronunciation the search chose. */
  readonly phones: number;
  /**
   * Vowels among those phones (vowels.ts): the syllables the word's audio should hold; absent in
   * alignments written before it was kept.
   */
  readonly vowels?: number;
  /**
   * Where the search put the word, ms, before edge refinement moved its edges (absent in
   * alignments written before it was kept): how far refinement moved an edge says how sure it is.
   */
  readonly searchStartMs?: number;
  readonly searchEndMs?: number;
  /**
   * Set when the word was moved onto a stretch of sound that no word had been given (islands.ts), away from where
   * the search put it: the text then had one word for two stretches of speech, so which of them holds it is a guess.
   */
  readonly island?: true;
  /**
   * Where the phone pass (src/align/acoustic/phone-pass.ts: the placed words forced-aligned again,
   * every phone its own grammar word) starts the word's first phone, ms; absent when it did not
   * place it, and in alignments written before it was kept.
   */
  readonly phoneStartMs?: number;
  /**
   * Set when the phone pass took one of the word's rivals (another word of the text, src/align/acoustic/rivals.ts) instead of it:
   * its frames fit that word better, by more than the rival's cost.
   */
  readonly rival?: true;
}

/** Where a word was found. */
export interface AcousticSpan {
  readonly startMs: number;
  readonly endMs: number;
  /** What the search saw of it. */
  readonly evidence?: WordEvidence;
}

export interface AcousticAlignment {
  /** Per input word its span, or `null` when it was not found with confidence (or has no tokens). */
  readonly words: (AcousticSpan | null)[];
  /**
   * How well the text fits the audio as a whole: the placed words' aligned score minus their
   * phone-loop score, per frame (0 is as good as free phone decoding, more negative is worse), the
   * share of the aligned words (those with tokens) that were placed, and the share of them placed
   * scoring at least `WELL_FIT_SCORE_PER_FRAME` (evidence.ts) a frame. Null fit: nothing placed or
   * no phone-loop pass (the well-fit share is then that of the placed words).
   */
  readonly fit: { readonly scorePerFrame: number | null; readonly placedShare: number; readonly wellFitShare: number };
}
