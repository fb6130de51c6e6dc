/**
 * A run output written through the writers of src/run-output, without ffmpeg or a service: the
 * readers' tests (report, review, exports) get a real output folder in milliseconds, in the fast
 * tier. Each recording is what the recognizer heard (words at times) and optionally a reference
 * whose words were placed at given times; it gets one word clip per timed word of the text its
 * clips index (the reference when there is one), clip files of silence of the right length, its
 * markers, alignment, waveform peaks and a silent source WAV in the input folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAlignment, type AlignedWord } from '../../src/run-output/alignments.js';
import { correctionTextSha256, writeCorrectionWords, type WordEdit } from '../../src/run-output/corrections.js';
import { writeDictationFiles } from '../../src/run-output/markers-file.js';
import { clipDir, clipFileName, correctionPath } from '../../src/run-output/naming.js';
import { writePeaks } from '../../src/run-output/peaks-file.js';
import type { FailureRow, ManifestRow } from '../../src/run-output/rows.js';
import { computeSummary, writeRunOutputs } from '../../src/run-output/write.js';
import { pcmWav } from '../audio/helpers.js';

/** A word at its times in the work audio (ms). */
export interface FakeWord { text: string; startMs: number; endMs: number }

export interface FakeRecording {
  /** Path relative to the input folder, extension kept. */
  source: string;
  durationMs: number;
  /** What the recognizer heard, in order; its transcript is the words joined by spaces unless `transcript` says otherwise. */
  heard: FakeWord[];
  /** The transcript when it is more than the heard words joined by spaces (capitals, punctuation); each word is found in it in order. */
  transcript?: string;
  /** The markers collapsed (a profile rewrote the whole transcript): each heard span is one `utterance` clip, flagged so. */
  collapsed?: boolean;
  /** A reference text and its words in order, each found in the text after the one before; `null` times: left unplaced. */
  reference?: { text: string; words: (Omit<FakeWord, 'startMs' | 'endMs'> & { startMs: number | null; endMs: number | null })[] };
}

export interface FakeRun {
  recordings: FakeRecording[];
  failures?: FailureRow[];
  /** Where the silent source WAVs are written (summary.json `inputDir`). @default `<outDir>/../in` */
  inputDir?: string;
}

/** Offsets of each word in `text`, each searched after the one before. @throws Error for a word not in the text. */
function offsets(text: string, words: readonly { text: string }[]): number[] {
  let from = 0;
  return words.map((w) => {
    const at = text.indexOf(w.text, from);
    if (at < 0) throw new Error(`${w.text} is not in ${JSON.stringify(text)} after offset ${from}`);
    from = at + w.text.length;
    return at;
  });
}

const silence = (ms: number): Buffer => pcmWav(new Int16Array(Math.round(ms * 16)));

/** Write a run output for `run` into `outDir` (made if missing); returns the manifest rows written. */
export async function writeRunOutput(outDir: string, run: FakeRun): Promise<ManifestRow[]> {
  await mkdir(outDir, { recursive: true });
  const inputDir = run.inputDir ?? path.resolve(outDir, '..', 'in');
  const rows: ManifestRow[] = [];
  for (const r of run.recordings) {
    const transcript = r.transcript ?? r.heard.map((w) => w.text).join(' ');
    const heardAt = offsets(transcript, r.heard);
    const markers = r.heard.map((w, i) => ({ ...w, textStart: heardAt[i]!, textLength: w.text.length }));
    await writeDictationFiles(outDir, r.source, {
      method: 'new',
      dictationIds: [`d-${r.source}`],
      result: { transcript, markers, collapsed: r.collapsed === true, warnings: [] },
    });
    let clipWords = markers;
    if (r.reference !== undefined) {
      const at = offsets(r.reference.text, r.reference.words);
      const words: AlignedWord[] = r.reference.words.map((w, i) => ({
        text: w.text, textStart: at[i]!, textLength: w.text.length, startMs: w.startMs, endMs: w.endMs,
        placement: w.startMs === null ? 'unaligned' : 'matched', heard: w.startMs === null ? 'unheard' : 'matched',
      }));
      const placed = words.filter((w) => w.startMs !== null).length;
      writeAlignment(outDir, {
        version: 1,
        source: r.source,
        reference: `refs/${r.source}.txt`,
        align: 'text',
        text: r.reference.text,
        words,
        agreement: {
          words: words.length,
          matched: placed,
          substituted: 0,
          unheard: words.length - placed,
          extra: 0,
          wer: 0,
          unaligned: words.length - placed,
        },
      });
      clipWords = words.flatMap((w) =>
        w.startMs === null || w.endMs === null
          ? []
          : [{ text: w.text, textStart: w.textStart, textLength: w.textLength, startMs: w.startMs, endMs: w.endMs }],
      );
    }
    const folder = clipDir(outDir, r.source);
    await mkdir(folder, { recursive: true });
    for (const [index, w] of clipWords.entries()) {
      const file = path.join(folder, clipFileName(index, w.text));
      await writeFile(file, silence(w.endMs - w.startMs));
      rows.push({
        file_name: path.relative(outDir, file).split(path.sep).join('/'),
        text: w.text,
        source: r.source,
        start_ms: w.startMs,
        end_ms: w.endMs,
        duration_ms: w.endMs - w.startMs,
        kind: r.collapsed === true ? 'utterance' : 'word',
        method: 'new',
        dictation_id: `d-${r.source}`,
        text_start: w.textStart,
        text_length: w.textLength,
        flags: r.collapsed === true ? 'utterance' : '',
        sample_rate: 16000,
        channels: 1,
      });
    }
    const buckets = Math.ceil(r.durationMs / 10);
    writePeaks(outDir, r.source, { bucketsPerSecond: 100, durationMs: r.durationMs, minMax: new Int8Array(buckets * 2) });
    const source = path.join(inputDir, r.source);
    await mkdir(path.dirname(source), { recursive: true });
    await writeFile(source, silence(r.durationMs));
  }
  const failures = run.failures ?? [];
  const counts = {
    recordings: run.recordings.length + failures.length,
    done: run.recordings.length,
    failed: failures.length,
    resumed: 0,
    skipped: 0,
    wallTimeMs: 1,
    stageMs: {},
    inputDir,
  };
  await writeRunOutputs(outDir, rows, failures, computeSummary(counts, rows));
  return rows;
}

/**
 * What `dictclip review` saves for a recording: its corrected text, `corrections/<source>.txt`, then
 * the word edits over it (`corrections/<source>.words.json`, tied to the text by its hash).
 */
export async function writeReview(outDir: string, source: string, text: string, words: WordEdit[]): Promise<void> {
  const file = correctionPath(outDir, source);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${text}\n`);
  await writeCorrectionWords(outDir, source, { version: 1, source, textSha256: correctionTextSha256(text), words });
}
