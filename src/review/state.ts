/**
 * One recording under review: its timed words (alignment with a reference, else the dictated
 * transcript's markers, else the transcript alone), its current text (corrections/<source>.txt
 * when saved) and the edits on its words (corrections/<source>.words.json: times set, words
 * checked) with a revision, and the one way to change them: a save that names the revision it was
 * made on, refused when either file changed since (another tab), serialized per recording.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { DictclipError, isDictclipError } from '../errors.js';
import { sha256 } from '../files.js';
import { readPeaks } from '../run-output/peaks-file.js';
import { readTimedTranscript } from '../run-output/timed-file.js';
import { recordingWords } from '../run-output/words.js';
import { matchesText, readCorrectionText, readCorrectionWords, writeCorrection, type WordEdit } from '../run-output/corrections.js';
import { doubtOf } from './doubt.js';
import { applyChange, applyEdits, BadChange, editsAfterText, type EditedWord, type WordChange } from './edits.js';
import { alignmentForReview, disagreements, type ReviewRun } from './model.js';
import { transcriptPath } from './paths.js';
import { CORRECTIONS_DIR, INTERNAL_DIR } from '../run-output/layout.js';
import { editText, reviewWords, wordSpans, type Baseline, type TimedSpan } from './words.js';

/** Where the timed words come from. */
export type WordSource = 'alignment' | 'markers' | 'transcript' | 'none';

export interface RecordingState {
  source: string;
  /** Changes with every saved text: a save must name the revision it was made on. */
  revision: string;
  /** Whether corrections/<source>.txt exists and differs from the baseline text. */
  corrected: boolean;
  from: WordSource;
  /** The current text (the correction, else the baseline text). */
  text: string;
  /** The text the timed words index (the reference, else the dictated transcript). */
  baselineText: string;
  /** Reference words the alignment did not match (0 without a reference). */
  disagreements: number;
  /** The words of `text` with the edits laid on them. */
  words: EditedWord[];
  /** Per word: does it most likely need a person (doubt.ts)? */
  doubtful: boolean[];
  /** The edits of words.json that apply to `text` (in text order). */
  edits: WordEdit[];
  /** Why words.json was left out (it does not belong to the text, or is not readable), else undefined. */
  editsIgnored: string | undefined;
}

/** A text file's content without the one newline the run writes after it. */
async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).replace(/\r?\n$/, '');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DictclipError('E_INPUT', `cannot read ${file}: ${(cause as Error).message}`, { path: file, cause });
  }
}

async function readBaseline(runDir: string, source: string): Promise<Baseline & { from: WordSource; disagreements?: number }> {
  const saved = await recordingWords(runDir, source);
  if (saved?.from === 'reference') {
    const alignment = alignmentForReview(saved.alignment);
    return { from: 'alignment', text: alignment.text, spans: alignment.words, disagreements: disagreements(alignment) };
  }
  if (saved !== undefined) return { from: 'markers', text: saved.text, spans: withConfidence(saved.words, await readTimedTranscript(runDir, source)) };
  const transcript = await readText(transcriptPath(runDir, source));
  return transcript === undefined ? { from: 'none', text: '', spans: [] } : { from: 'transcript', text: transcript, spans: [] };
}

/** The markers with the confidence of the timed transcript's word at the same place, when it has one. */
function withConfidence(spans: readonly TimedSpan[], timed: Awaited<ReturnType<typeof readTimedTranscript>>): TimedSpan[] {
  const byStart = new Map<number, unknown>();
  for (const w of timed?.words ?? []) byStart.set(w.textStart, (w as { confidence?: unknown }).confidence);
  return spans.map((span) => {
    const confidence = byStart.get(span.textStart);
    return typeof confidence === 'number' && confidence >= 0 && confidence <= 1 ? { ...span, confidence } : span;
  });
}

/** The revision of a text and the edits on its words. */
export function revisionOf(text: string, edits: readonly WordEdit[] = []): string {
  return sha256(edits.length === 0 ? text : `${text}\u0000${JSON.stringify(edits)}`).slice(0, 16);
}

/** The edits of words.json that belong to `text`, or why none do. */
async function readEdits(run: ReviewRun, source: string, text: string): Promise<{ edits: WordEdit[]; ignored: string | undefined }> {
  try {
    const saved = await readCorrectionWords(run.runDir, source);
    if (saved === null) return { edits: [], ignored: undefined };
    if (!matchesText(saved, text))
      return {
        edits: [],
        ignored: `corrections/${source}.words.json was made for another text than corrections/${source}.txt: its times and checks are left out`,
      };
    return { edits: saved.words, ignored: undefined };
  } catch (error) {
    if (isDictclipError(error, 'E_CORRECTIONS_INVALID'))
      return { edits: [], ignored: `${error.message}: its times and checks are left out` };
    throw error;
  }
}

/** Read a recording's state. @throws DictclipError `E_INVALID_ARGUMENT` for a source not in the run. */
export async function readRecordingState(run: ReviewRun, source: string): Promise<RecordingState> {
  const recording = run.recordings.get(source);
  if (recording === undefined) throw new DictclipError('E_INVALID_ARGUMENT', `not a recording of this run: ${JSON.stringify(source)}`);
  const baseline = await readBaseline(run.runDir, source);
  const saved = (await readCorrectionText(run.runDir, source)) ?? undefined;
  const text = saved ?? baseline.text;
  const { edits, ignored } = saved === undefined ? { edits: [], ignored: undefined } : await readEdits(run, source, text);
  const words = applyEdits(reviewWords(baseline, text), edits);
  return {
    source,
    revision: revisionOf(text, edits),
    corrected: saved !== undefined && (saved !== baseline.text || edits.length > 0),
    from: baseline.from,
    text,
    baselineText: baseline.text,
    disagreements: baseline.disagreements ?? 0,
    words,
    doubtful: doubtOf(words, recording.clips, run.doubtBelow),
    edits,
    editsIgnored: ignored,
  };
}

/**
 * What a change asks for: a whole new text (undo: with the edits it had), one word replaced ('' removes it),
 * or a change of times, words or checks (edits.ts).
 */
export type Change = { text: string; edits?: WordEdit[] | undefined } | { index: number; replacement: string } | WordChange;

export type SaveResult =
  | { ok: true; state: RecordingState }
  /**
   * `stale`: the recording changed since `revision` (the current state is given); `no-word`: no such word; `bad-change`: `message` says
   * why.
   */
  | { ok: false; reason: 'stale' | 'no-word' | 'bad-change'; state: RecordingState; message?: string };

/** The longest text a save accepts, in characters. */
export const MAX_TEXT_CHARS = 2_000_000;

/**
 * How long a save waits for another process's save (about 10 s), and when a lock left by a killed
 * review goes stale (10 s).
 */
const SAVE_LOCK = { realpath: false, stale: 10_000, retries: { retries: 60, minTimeout: 10, maxTimeout: 200, randomize: true } };

/**
 * Run `save` holding the output's save lock (`<out>/.dictclip/corrections.lock`, proper-lockfile
 * as the run uses it): the revision check and the write are one step across processes too, so two
 * `dictclip review` on one output never both save on the same revision (the second gets 409).
 */
async function underSaveLock<T>(runDir: string, save: () => Promise<T>): Promise<T> {
  const target = path.join(runDir, INTERNAL_DIR, CORRECTIONS_DIR);
  await mkdir(path.dirname(target), { recursive: true });
  const release = await lockfile.lock(target, SAVE_LOCK).catch((error: unknown) => {
    throw new DictclipError(
      'E_OUTPUT',
      `another review of ${runDir} has been saving for over 10 s (${target}.lock): ${(error as Error).message}`,
      { path: target, cause: error },
    );
  });
  try {
    return await save();
  } finally {
    await release().catch(() => undefined);
  }
}

/** Saves per recording, one at a time (each reads the revision it checks, then writes), under the output's save lock. */
export class CorrectionStore {
  readonly #run: ReviewRun;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(run: ReviewRun) {
    this.#run = run;
  }

  /**
   * Apply `change` to the recording's current text if its revision is still `revision`, and write
   * corrections/<source>.txt atomically (also when an undo brings back the baseline text: the file
   * then holds that text).
   * @throws DictclipError `E_INVALID_ARGUMENT` (unknown source, text too long), `E_OUTPUT`.
   */
  save(source: string, revision: string, change: Change): Promise<SaveResult> {
    const previous = this.#queues.get(source) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => underSaveLock(this.#run.runDir, () => this.#save(source, revision, change)));
    this.#queues.set(source, next);
    void next.finally(() => { if (this.#queues.get(source) === next) this.#queues.delete(source); }).catch(() => undefined);
    return next;
  }

  async #save(source: string, revision: string, change: Change): Promise<SaveResult> {
    const state = await readRecordingState(this.#run, source);
    if (state.revision !== revision) return { ok: false, reason: 'stale', state };
    let next: { text: string; edits: WordEdit[] };
    if ('op' in change) {
      try {
        const peaks = change.op === 'times' ? await readPeaks(this.#run.runDir, source) : undefined;
        next = applyChange(
          { text: state.text, edits: state.edits },
          state.words,
          change,
          peaks === undefined ? undefined : Math.round(peaks.durationMs),
        );
      } catch (error) {
        if (error instanceof BadChange) return { ok: false, reason: 'bad-change', state, message: error.message };
        throw error;
      }
    } else if ('text' in change) {
      next = { text: change.text, edits: change.edits ?? editsAfterText(state, change.text) };
    } else {
      const text = editText(state.text, state.words, change.index, change.replacement);
      if (text === undefined) return { ok: false, reason: 'no-word', state };
      next = { text, edits: editsAfterText(state, text) };
    }
    const words = new Set(wordSpans(next.text).map((t) => `${t.start}:${t.end - t.start}`));
    next.edits = next.edits.filter((e) => words.has(`${e.textStart}:${e.textLength}`));
    if (next.text.length > MAX_TEXT_CHARS)
      throw new DictclipError('E_INVALID_ARGUMENT', `a corrected text is at most ${MAX_TEXT_CHARS} characters`);
    await writeCorrection(this.#run.runDir, source, next.text, next.edits);
    return { ok: true, state: await readRecordingState(this.#run, source) };
  }
}
