/**
 * lhotse: `<split>/recordings.jsonl.gz` and `<split>/supervisions.jsonl.gz` (train, dev, test),
 * one JSON object per line in lhotse's manifest schema. Each clip is a Recording (its WAV linked
 * into `<split>/audio/<id>.wav`, an AudioSource of type `file` whose path `<split>/audio/<id>.wav` is
 * relative to the export folder, sampling rate, channels and sample count of the clip file, as cut or
 * converted) with one SupervisionSegment
 * covering it (start 0). The supervision's `alignment.word` lists the words the clip holds (the
 * words its `text_start`/`text_length` point into: the reference words of a recording cut from a
 * reference, else its dictated markers; src/run-output/words.ts) as `{symbol, start, duration}`
 * in seconds from the start of the recording (here: the clip), the order lhotse's AlignmentItem
 * reads; `custom` keeps the clip's place in its source recording and its flags.
 *
 * Relative paths: lhotse opens a `file` source's path as it stands, so a relative one resolves
 * against the working directory of the process that loads the audio, and
 * `RecordingSet.with_path_prefix` joins a folder in front of it. The paths are relative to the
 * export folder, the one root of every split: load with `.with_path_prefix("<export>")` or from inside the export
 * folder, and the export can be moved or copied whole.
 */
import path from 'node:path';
import { firstAtLeast, isPunctuation } from '../../markers/index.js';
import { isDictclipError } from '../../errors.js';
import { clipWords, recordingWords, type TextWord } from '../../run-output/words.js';
import { LineWriter } from '../files.js';
import { PerSplit, seconds } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';

/** A word with times (punctuation and words left without times dropped). */
type TimedWord = TextWord & { startMs: number; endMs: number };

/** The timed words of one source at a time, in text order and by start time (rows come grouped by source). */
class WordCache {
  #source: string | undefined;
  #inText: TimedWord[] = [];
  #byTime: TimedWord[] = [];
  constructor(private readonly runDir: string) {}

  async get(source: string): Promise<{ inText: TimedWord[]; byTime: TimedWord[] }> {
    if (source !== this.#source) {
      this.#source = source;
      // A side file that is a link (or in a folder linked out of the output) is never read: no alignment.
      const saved = await recordingWords(this.runDir, source).catch((error: unknown) => {
        if (isDictclipError(error) && error.code === 'E_UNSAFE_PATH') return undefined;
        throw error;
      });
      this.#inText = (saved?.words ?? []).filter((w): w is TimedWord => w.startMs !== null && w.endMs !== null && !isPunctuation(w.text));
      this.#byTime = [...this.#inText].sort((a, b) => a.startMs - b.startMs || a.textStart - b.textStart);
    }
    return { inText: this.#inText, byTime: this.#byTime };
  }
}

/**
 * The words a clip holds, in seconds from the clip's start, in text order: those its text span
 * points into, or for a row without one (older manifests) those inside its time span (binary search
 * over the words by start time). A word reaching outside the clip's audio is left out.
 */
function wordAlignment(
  words: { inText: TimedWord[]; byTime: TimedWord[] },
  sample: Sample,
): { symbol: string; start: number; duration: number }[] {
  const r = sample.row;
  let held: TimedWord[];
  if (r.text_start !== undefined && r.text_length !== undefined) {
    held = clipWords(words.inText, { textStart: r.text_start, textLength: r.text_length });
  } else {
    held = [];
    for (
      let i = firstAtLeast(words.byTime, r.start_ms, (w) => w.startMs);
      i < words.byTime.length && words.byTime[i]!.startMs <= r.end_ms;
      i++
    )
      held.push(words.byTime[i]!);
    held.sort((a, b) => a.textStart - b.textStart);
  }
  return held
    .filter((w) => w.startMs >= r.start_ms && w.endMs <= r.end_ms)
    .map((w) => ({ symbol: w.text, start: seconds(w.startMs - r.start_ms), duration: seconds(w.endMs - w.startMs) }));
}

export function createLhotseWriter(ctx: WriterContext): FormatWriter {
  const words = new WordCache(ctx.runDir);
  const files = new PerSplit(async (split) => ({
    recordings: await LineWriter.open(path.join(ctx.dir, split, 'recordings.jsonl.gz'), { gzip: true }),
    supervisions: await LineWriter.open(path.join(ctx.dir, split, 'supervisions.jsonl.gz'), { gzip: true }),
  }));
  return {
    async add(sample: Sample): Promise<Commit> {
      const rel = [sample.split, 'audio', `${sample.id}.wav`];
      await ctx.placer.place(sample.clipPath, path.join(ctx.dir, ...rel));
      return () => commit(sample, rel);
    },
    async finish(): Promise<void> {
      for (const [, out] of files.entries()) {
        await out.recordings.close();
        await out.supervisions.close();
      }
    },
  };

  async function commit(sample: Sample, rel: string[]): Promise<void> {
      const r = sample.row;
      const { samples, sampleRate } = sample.audio;
      const channels = Array.from({ length: sample.audio.channels }, (_, i) => i);
      const duration = samples / sampleRate;
      const out = await files.get(sample.split);
      await out.recordings.write(`${JSON.stringify({
        id: sample.id,
        sources: [{ type: 'file', channels, source: rel.join('/') }],
        sampling_rate: sampleRate,
        num_samples: samples,
        duration,
        channel_ids: channels,
      })}\n`);
      const alignment = wordAlignment(await words.get(r.source), sample);
      await out.supervisions.write(`${JSON.stringify({
        id: sample.id,
        recording_id: sample.id,
        start: 0,
        duration,
        channel: channels.length === 1 ? 0 : channels,
        text: r.text,
        speaker: sample.group,
        ...(alignment.length > 0 ? { alignment: { word: alignment } } : {}),
        custom: { source: r.source, start_ms: r.start_ms, end_ms: r.end_ms, kind: r.kind, flags: r.flags },
      })}\n`);
  }
}
