/**
 * `alignments/<source>.json`: a recording's reference words as a run placed them in its audio
 * (written with a reference transcript, removed when the recording runs without one).
 */
import { readFile, rm } from 'node:fs/promises';
import type { WordEvidence } from '../align/acoustic/index.js';
import { writeFileAtomicSync } from '../files.js';
import { alignmentsPath } from './naming.js';
import type { ReferenceAgreement } from './rows.js';

/**
 * How a reference word got its times: from a recognized word (matched or substituted), from
 * acoustic alignment, from a person (`edited`: times set in dictclip review), or none (`unaligned`).
 */
export type Placement = 'matched' | 'substituted' | 'acoustic' | 'edited' | 'unaligned';

/** One reference word in `alignments/<source>.json`. */
export interface AlignedWord {
  text: string;
  textStart: number;
  textLength: number;
  /** Times in the work audio, ms; null when it was left out. An `unaligned` word with times is cut at this estimate and flagged. */
  startMs: number | null;
  endMs: number | null;
  placement: Placement;
  /** What the recognizer made of it: `matched`, `substituted` or `unheard`; absent when the recording was not dictated (aligned directly). */
  heard?: 'matched' | 'substituted' | 'unheard';
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

/** Write `alignments/<source>.json` (atomically). @throws DictclipError `E_OUTPUT`. */
export function writeAlignment(outDir: string, record: AlignmentRecord): void {
  writeFileAtomicSync(alignmentsPath(outDir, record.source), `${JSON.stringify(record)}\n`);
}

/** Read `alignments/<source>.json`; undefined when it is missing, unreadable or of another version. */
export async function readAlignment(outDir: string, relPath: string): Promise<AlignmentRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(alignmentsPath(outDir, relPath), 'utf8')) as Partial<AlignmentRecord> | null;
    return record?.version === 1 && typeof record.text === 'string' && Array.isArray(record.words) ? (record as AlignmentRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Remove a recording's `alignments/<source>.json` (run without its reference). */
export async function removeAlignment(outDir: string, relPath: string): Promise<void> {
  await rm(alignmentsPath(outDir, relPath), { force: true });
}
