/**
 * Everything the pipeline saves for one recording besides its clip files, in one place: its state
 * file (`.dictclip/state/<key>.json`: dictation, pending dictations, clips, last failure), its
 * `transcripts/` and `markers/` files, its timed transcript and subtitles, its `alignments/`
 * record and its waveform peaks. The
 * orchestrator (src/pipeline/recording/process.ts) and the run's failure handling call it at the edges
 * of the stages; no stage writes state. It keeps the state it last wrote, so a recording's state
 * is read once (by the resume check) and never read back.
 */
import type { PeaksMeter } from '../../audio/index.js';
import { rm } from 'node:fs/promises';
import { clipDir, markersPath, transcriptPath } from '../../run-output/naming.js';
import type { FailureRow } from '../../run-output/rows.js';
import { writeWaveform } from '../stages/cut.js';
import { writeDictationFiles } from '../../run-output/markers-file.js';
import type { SavedPending } from './pending.js';
import { removeAlignment, writeAlignment } from '../../run-output/alignments.js';
import type { AlignmentRecord } from '../../run-output/alignments.js';
import { recordingState, removeDir } from './state.js';
import { writeState } from '../../run-output/state-file.js';
import { removeTimedFiles, savedTimedSource, writeTimedFiles } from '../stages/timed-files.js';
import type { TimedOptions, TimedSource } from '../stages/timed-files.js';
import type { RecordingState } from '../../run-output/state-file.js';
import type { SavedClips, SavedDictation } from '../stages/output.js';

/** What the store needs of a recording's job. */
export interface StoredJob {
  recording: { relPath: string };
  statePath: string;
  /** The state the resume check read (undefined when there was none). */
  state: RecordingState | undefined;
  sourceFingerprint: RecordingState['sourceFingerprint'];
  fingerprints: { dictation: string };
}

export class RecordingStore {
  readonly #job: StoredJob;
  readonly #outDir: string;
  #current: RecordingState | undefined;

  constructor(job: StoredJob, outDir: string) {
    this.#job = job;
    this.#outDir = outDir;
    this.#current = job.state;
  }

  /** The state last written (or read by the resume check). */
  get state(): RecordingState | undefined {
    return this.#current;
  }

  /** Dictations created and not saved yet (the state holds nothing else until the dictation is saved). */
  async savePending(pending: SavedPending): Promise<void> {
    await this.#write({ pending });
  }

  /**
   * A new dictation: `transcripts/<source>.txt` and `markers/<source>.json`, then the state (its
   * pending dictations dropped). In that order: a state that holds the dictation is never left
   * without its files by a kill between the two (a resumed run re-cuts from the state and does
   * not write them again), while files without the state are only written again.
   */
  async saveDictation(dictation: SavedDictation): Promise<void> {
    await writeDictationFiles(this.#outDir, this.#job.recording.relPath, dictation);
    await this.#write({ dictation });
  }

  /** `alignments/<source>.json` written (cut from a reference) or removed (cut without one). */
  async saveAlignment(record: AlignmentRecord | undefined): Promise<void> {
    if (record === undefined) await removeAlignment(this.#outDir, this.#job.recording.relPath);
    else writeAlignment(this.#outDir, record);
  }

  /** `transcripts/<source>.json` and the subtitle files `options` ask for (the others removed). */
  async saveTimed(from: TimedSource, options: TimedOptions): Promise<void> {
    await writeTimedFiles(this.#outDir, from, options);
  }

  /**
   * The timed files of a recording found done, again from its saved dictation (and with a
   * reference, its saved alignment): no audio, no service. Nothing when neither is saved.
   */
  async rewriteTimed(
    dictation: SavedDictation | undefined,
    withReference: boolean,
    options: TimedOptions,
    wordConfidence?: readonly [number, number][],
  ): Promise<void> {
    const from = await savedTimedSource(this.#outDir, this.#job.recording.relPath, dictation, withReference);
    if (from !== undefined) await writeTimedFiles(this.#outDir, { ...from, confidence: new Map(wordConfidence ?? []) }, options);
  }

  /** The cut clips: the state holds the dictation they came from and the clips (any failure cleared). */
  async saveClips(dictation: SavedDictation, clips: SavedClips): Promise<void> {
    await this.#write({ dictation, clips });
  }

  /** The waveform peaks of the report (see writeWaveform: a failure only warns). */
  async saveWaveform(meter: PeaksMeter | undefined, workWav: string, warn: (message: string) => void): Promise<void> {
    await writeWaveform(meter, workWav, this.#outDir, this.#job.recording.relPath, warn);
  }

  /**
   * A failure: its clip folder, alignment and timed files removed (and its dictated transcript and
   * markers when the dictation is not kept: {@link removeRecordingOutputs}); the state keeps the dictation if it is still reusable and
   * the dictations created and not yet saved (a retry polls them instead of dictating again).
   * Never throws: the failure is reported already, a state that cannot be written only means a full retry.
   */
  async saveFailure(failure: FailureRow): Promise<void> {
    try {
      const current = this.#current;
      const fingerprint = this.#job.fingerprints.dictation;
      const dictation = current?.dictation?.fingerprint === fingerprint ? current.dictation : undefined;
      await removeRecordingOutputs(this.#outDir, this.#job.recording.relPath, dictation !== undefined);
      const pending = current?.pending?.fingerprint === fingerprint ? { pending: current.pending } : {};
      await this.#write({ ...(dictation === undefined ? {} : { dictation }), failure, ...pending });
    } catch {
      // See above.
    }
  }

  async #write(parts: Omit<RecordingState, 'version' | 'source' | 'sourceFingerprint'>): Promise<void> {
    const state = recordingState(this.#job, parts);
    await writeState(this.#job.statePath, state);
    this.#current = state;
  }
}

/**
 * Remove what an earlier run wrote for a recording that failed now, so nothing of it is left to
 * read as current: its clip folder, `alignments/<source>.json`, `transcripts/<source>.json` and
 * subtitles, and unless its dictation is kept (`keepDictation`: the same source and dictation
 * settings) its `transcripts/<source>.txt` and `markers/<source>.json`.
 */
export async function removeRecordingOutputs(outDir: string, relPath: string, keepDictation: boolean): Promise<void> {
  await removeDir(clipDir(outDir, relPath));
  await Promise.all([removeAlignment(outDir, relPath), removeTimedFiles(outDir, relPath)]);
  if (!keepDictation)
    await Promise.all([rm(transcriptPath(outDir, relPath), { force: true }), rm(markersPath(outDir, relPath), { force: true })]);
}
