/**
 * A recording's state file, `.dictclip/state/<recording key>.json`: what a run saved of it (its
 * source's fingerprint, its dictation, the dictations still pending, its clips, its last failure),
 * read once by the next run's resume check.
 */
import * as v from 'valibot';
import type { DictationResult, MarkerMethod } from '../markers/index.js';
import { readSideFile, writeSideFile, type SideFile } from './json-file.js';
import { wordMarkerSchema } from './markers-file.js';
import type { FailureRow, ManifestRow, RecordingConfidence, ReferenceAgreement, Stage } from './rows.js';

/** Version of the state file layout. */
export const STATE_VERSION = 1;

/** The saved state of one recording: `<out>/.dictclip/state/<recording key>.json`. */
export interface RecordingState {
  version: typeof STATE_VERSION;
  source: string;
  sourceFingerprint: { size: number; mtimeMs: number; sha256: string };
  /** Present once the recording was dictated. */
  dictation?: {
    fingerprint: string;
    /** The service that dictated it (src/pipeline/recording/state.ts serviceIdentity; absent in older states). */
    service?: string;
    method: MarkerMethod;
    audioDurationMs: number;
    dictationIds: string[];
    /** For each marker, the dictation id of its chunk. */
    markerDictationIds: string[];
    /** The chunks it was dictated in, ms on the work audio (absent in older states). */
    chunks?: { startMs: number; endMs: number }[];
    /** Wall time, ms, it spent in each dictation stage when it was dictated (absent in older states). */
    stageMs?: Partial<Record<Stage, number>>;
    result: DictationResult;
  };
  /**
   * Present once the clips were cut; `dropped` = clips left out by the filters; `paddingClamped` =
   * edges whose padding a neighbour cut short (absent in older states); `reference` (cut from a
   * reference transcript) = the recognizer's agreement with it and the `--find` counts over its words.
   */
  clips?: {
    fingerprint: string;
    rows: ManifestRow[];
    dropped?: { clips: number; ms: number };
    paddingClamped?: number;
    /** `found` is absent without `--find`. */
    reference?: { agreement: ReferenceAgreement; found?: number[] | undefined };
    /** Per word with audio, its text offset and confidence (absent in older states). */
    wordConfidence?: [textStart: number, confidence: number][];
    /** How far the recording's words can be trusted (absent in older states). */
    confidence?: RecordingConfidence;
  };
  /** The last failure (cleared on success). */
  failure?: FailureRow;
  /**
   * Dictations created for this recording whose results are not saved yet (`dictation` absent):
   * per upload (its samples on the work audio) the dictation's location, saved the moment it is
   * created, so that a resumed run polls it instead of uploading and dictating that audio again.
   */
  pending?: { fingerprint: string; chunks: PendingChunk[] };
}

/** One created dictation of a recording not yet saved: its samples on the work audio and its location. */
export interface PendingChunk { startSample: number; endSample: number; location: string }

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
const span = v.looseObject({ startMs: v.number(), endMs: v.number() });

/**
 * The schema of a state file. Its parts written by the run from its own values (manifest rows, the
 * failure, the reference agreement, stage times) are checked for being objects only: a state that
 * fails here is redone, and a state from before a column was added must stay reusable.
 */
export const STATE_FILE: SideFile<RecordingState> = {
  what: 'state file',
  schema: v.looseObject({
    version: v.literal(STATE_VERSION),
    source: v.string(),
    sourceFingerprint: v.looseObject({ size: v.number(), mtimeMs: v.number(), sha256: v.string() }),
    dictation: v.exactOptional(v.looseObject({
      fingerprint: v.string(),
      service: v.exactOptional(v.string()),
      method: v.picklist(['new', 'old', 'websocket'] satisfies MarkerMethod[]),
      audioDurationMs: v.number(),
      dictationIds: v.array(v.string()),
      markerDictationIds: v.array(v.string()),
      chunks: v.exactOptional(v.array(span)),
      stageMs: v.exactOptional(v.custom<Partial<Record<Stage, number>>>(isObject)),
      result: v.looseObject({
        transcript: v.string(), markers: v.array(wordMarkerSchema), collapsed: v.boolean(), warnings: v.array(v.string()),
      }) satisfies v.GenericSchema<unknown, DictationResult>,
    })),
    clips: v.exactOptional(v.looseObject({
      fingerprint: v.string(),
      rows: v.array(v.custom<ManifestRow>(isObject)),
      dropped: v.exactOptional(v.looseObject({ clips: v.number(), ms: v.number() })),
      paddingClamped: v.exactOptional(v.number()),
      reference: v.exactOptional(v.looseObject({
        agreement: v.custom<ReferenceAgreement>(isObject),
        found: v.optional(v.array(v.number())),
      })),
      wordConfidence: v.exactOptional(v.array(v.tuple([v.number(), v.number()]))),
      confidence: v.exactOptional(v.custom<RecordingConfidence>(isObject)),
    })),
    failure: v.exactOptional(v.custom<FailureRow>(isObject)),
    pending: v.exactOptional(v.looseObject({
      fingerprint: v.string(),
      chunks: v.array(v.looseObject({ startSample: v.number(), endSample: v.number(), location: v.string() })),
    })),
  }),
};

/**
 * Read a state file; undefined when it does not exist.
 * @throws DictclipError `E_RUN_FILE_INVALID` when it is not JSON, of another version or shape.
 */
export async function readState(file: string): Promise<RecordingState | undefined> {
  return readSideFile(STATE_FILE, file);
}

/** Write a state file atomically (temp + rename). @throws DictclipError `E_RUN_FILE_INVALID` (not of its schema), `E_OUTPUT`. */
export async function writeState(file: string, state: RecordingState): Promise<void> {
  writeSideFile(STATE_FILE, file, state);
}
