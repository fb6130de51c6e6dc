/**
 * `alignments/<source>.json`: a recording's reference words as a run placed them in its audio
 * (written with a reference transcript, removed when the recording runs without one). The clips'
 * `text_start`/`text_length` of such a recording index its `text`.
 */
import { rm } from 'node:fs/promises';
import * as v from 'valibot';
import type { WordEvidence } from '../align/acoustic/index.js';
import { offsetSchema, readSideFile, writeSideFile, type SideFile } from './json-file.js';
import { alignmentsPath } from './naming.js';
import type { ReferenceAgreement } from './rows.js';

/**
 * How a reference word got its times: from a recognized word (matched or substituted), from
 * acoustic alignment, from a person (`edited`: times set in dictclip review), or none (`unaligned`).
 */
export const PLACEMENTS = ['matched', 'substituted', 'acoustic', 'edited', 'unaligned'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** What the recognizer made of a reference word. */
export const HEARD = ['matched', 'substituted', 'unheard'] as const;
/** One reference word in `alignments/<source>.json`. */
export interface AlignedWord {
  text: string;
  textStart: number;
  textLength: number;
  /** Times in the work audio, ms; null when it was left out. An `unaligned` word with times is cut at this estimate and flagged. */
  startMs: number | null;
  endMs: number | null;
  placement: Placement;
  /** What the recognizer made of it; absent when the recording was not dictated (aligned directly). */
  heard?: (typeof HEARD)[number];
  /** Checked by a person in dictclip review (corrections/<source>.words.json); absent when not. */
  verified?: true;
  /** What the acoustic search saw of it (placement `acoustic` only). */
  evidence?: WordEvidence;
  /** Placed words: the calibrated probability that its clip holds it with both edges within 50 ms (src/align/confidence). */
  confidence?: number;
}

/** The content of `alignments/<source>.json`. */
export interface AlignmentRecord {
  version: 1;
  source: string;
  /** Where the reference was read from. */
  reference: string;
  align: 'text' | 'acoustic';
  text: string;
  agreement: ReferenceAgreement;
  words: AlignedWord[];
}

const timeOrNull = v.nullable(v.number());

/**
 * The schema of `alignments/<source>.json`. Words are open objects: fields added to
 * {@link AlignedWord} by later versions of the aligner are kept as written (add them here too to check them).
 */
export const ALIGNMENTS_FILE: SideFile<AlignmentRecord> = {
  what: 'alignments file',
  schema: v.looseObject({
    version: v.literal(1),
    source: v.string(),
    reference: v.string(),
    align: v.picklist(['text', 'acoustic']),
    text: v.string(),
    agreement: v.looseObject({
      words: v.number(),
      matched: v.number(),
      substituted: v.number(),
      unheard: v.number(),
      extra: v.number(),
      wer: v.number(),
      unaligned: v.number(),
    }),
    words: v.array(
      v.looseObject({
        text: v.string(),
        textStart: offsetSchema,
        textLength: offsetSchema,
        startMs: timeOrNull,
        endMs: timeOrNull,
        placement: v.picklist(PLACEMENTS),
        heard: v.exactOptional(v.picklist(HEARD)),
        verified: v.exactOptional(v.literal(true)),
        confidence: v.exactOptional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
        evidence: v.exactOptional(
          v.looseObject({ frames: v.number(), alignedScore: v.number(), loopScore: v.nullable(v.number()), phones: v.number() }),
        ),
      }),
    ),
  }),
};

/** Write `alignments/<source>.json` (atomically). @throws DictclipError `E_RUN_FILE_INVALID` for a record not of its schema, `E_OUTPUT`. */
export function writeAlignment(outDir: string, record: AlignmentRecord): void {
  writeSideFile(ALIGNMENTS_FILE, alignmentsPath(outDir, record.source), record);
}

/**
 * Read `alignments/<source>.json`; undefined when the recording has none.
 * @throws DictclipError `E_RUN_FILE_INVALID` when it is not JSON, of another version or shape.
 */
export async function readAlignment(outDir: string, source: string): Promise<AlignmentRecord | undefined> {
  return readSideFile(ALIGNMENTS_FILE, alignmentsPath(outDir, source), outDir);
}

/** Remove a recording's `alignments/<source>.json` (run without its reference). */
export async function removeAlignment(outDir: string, relPath: string): Promise<void> {
  await rm(alignmentsPath(outDir, relPath), { force: true });
}
