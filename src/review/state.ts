/**
 * One recording under review: its timed words (alignment with a reference, else the dictated
 * transcript's markers, else the transcript alone), its current text (corrections/<source>.txt
 * when saved) with a revision, and the one way to change it: a save that names the revision it
 * was made on, refused when the file changed since (another tab), serialized per recording.
 */
import { readFile } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { sha256, writeFileAtomic } from '../files.js';
import { readMarkers } from '../report/index.js';
import { readAlignment, type ReviewRun } from './model.js';
import { correctionPath, transcriptPath } from './paths.js';
import { editText, reviewWords, type Baseline, type ReviewWord } from './words.js';

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
  words: ReviewWord[];
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

async function readBaseline(runDir: string, source: string): Promise<Baseline & { from: WordSource }> {
  const alignment = await readAlignment(runDir, source);
  if (alignment !== undefined) return { from: 'alignment', text: alignment.text, spans: alignment.words };
  const markers = await readMarkers(runDir, source);
  if (markers !== undefined) {
    const spans = markers.markers.map(([textStart, textLength, startMs, endMs]) => ({ textStart, textLength, startMs, endMs }));
    return { from: 'markers', text: markers.transcript, spans };
  }
  const transcript = await readText(transcriptPath(runDir, source));
  return transcript === undefined ? { from: 'none', text: '', spans: [] } : { from: 'transcript', text: transcript, spans: [] };
}

/** The revision of a text. */
export function revisionOf(text: string): string {
  return sha256(text).slice(0, 16);
}

/** Read a recording's state. @throws DictclipError `E_INVALID_ARGUMENT` for a source not in the run. */
export async function readRecordingState(run: ReviewRun, source: string): Promise<RecordingState> {
  if (!run.recordings.has(source)) throw new DictclipError('E_INVALID_ARGUMENT', `not a recording of this run: ${JSON.stringify(source)}`);
  const baseline = await readBaseline(run.runDir, source);
  const saved = await readText(correctionPath(run.runDir, source));
  const text = saved ?? baseline.text;
  return {
    source, revision: revisionOf(text), corrected: saved !== undefined && saved !== baseline.text, from: baseline.from, text,
    baselineText: baseline.text, words: reviewWords(baseline, text),
  };
}

/** What a change asks for: a whole new text (undo), or one word replaced ('' removes it). */
export type Change = { text: string } | { index: number; replacement: string };

export type SaveResult =
  | { ok: true; state: RecordingState }
  /** `stale`: the recording changed since `revision` (the current state is given); `no-word`: no such word. */
  | { ok: false; reason: 'stale' | 'no-word'; state: RecordingState };

/** The longest text a save accepts, in characters. */
export const MAX_TEXT_CHARS = 2_000_000;

/** Saves per recording, one at a time (each reads the revision it checks, then writes). */
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
    const next = previous.catch(() => undefined).then(() => this.#save(source, revision, change));
    this.#queues.set(source, next);
    void next.finally(() => { if (this.#queues.get(source) === next) this.#queues.delete(source); }).catch(() => undefined);
    return next;
  }

  async #save(source: string, revision: string, change: Change): Promise<SaveResult> {
    const state = await readRecordingState(this.#run, source);
    if (state.revision !== revision) return { ok: false, reason: 'stale', state };
    const text = 'text' in change ? change.text : editText(state.text, state.words, change.index, change.replacement);
    if (text === undefined) return { ok: false, reason: 'no-word', state };
    if (text.length > MAX_TEXT_CHARS) throw new DictclipError('E_INVALID_ARGUMENT', `a corrected text is at most ${MAX_TEXT_CHARS} characters`);
    await writeFileAtomic(correctionPath(this.#run.runDir, source), `${text}\n`);
    return { ok: true, state: await readRecordingState(this.#run, source) };
  }
}
