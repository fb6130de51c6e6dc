/**
 * lhotse: `<split>/recordings.jsonl.gz` and `<split>/supervisions.jsonl.gz` (train, dev, test),
 * one JSON object per line in lhotse's manifest schema. Each clip is a Recording (its WAV linked
 * into `<split>/audio/<id>.wav`, an AudioSource of type `file` whose path `<split>/audio/<id>.wav` is
 * relative to the export folder, sampling rate, channels and sample count of the clip file, as cut or
 * converted) with one SupervisionSegment
 * covering it (start 0). The supervision's `alignment.word` lists the clip's words from
 * `markers/<source>.json` as `{symbol, start, duration}` in seconds from the start of the
 * recording (here: the clip), the order lhotse's AlignmentItem reads; `custom` keeps the clip's
 * place in its source recording and its flags.
 *
 * Relative paths: lhotse opens a `file` source's path as it stands, so a relative one resolves
 * against the working directory of the process that loads the audio, and
 * `RecordingSet.with_path_prefix` joins a folder in front of it. The paths are relative to the
 * export folder, the one root of every split: load with `.with_path_prefix("<export>")` or from inside the export
 * folder, and the export can be moved or copied whole.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { firstAtLeast, isPunctuation } from '../../markers/index.js';
import { markersPath } from '../../run-output/naming.js';
import { checkOwnFile } from '../../run-output/safe-path.js';
import { LineWriter } from '../files.js';
import { PerSplit, seconds } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';

interface SavedMarker { text: string; textStart: number; textLength: number; startMs: number; endMs: number }

/** A saved word (punctuation markers dropped) and its place in the saved order. */
type Word = SavedMarker & { order: number };

/** The saved words of one source at a time, by start time (rows come grouped by source). */
class MarkerCache {
  #source: string | undefined;
  #words: Word[] = [];
  constructor(private readonly runDir: string) {}

  async get(source: string): Promise<Word[]> {
    if (source !== this.#source) {
      this.#source = source;
      let markers: SavedMarker[] = [];
      try {
        const file = markersPath(this.runDir, source);
        await checkOwnFile(this.runDir, file); // a link (or a folder linked out of the output) is never read
        const saved = JSON.parse(await readFile(file, 'utf8')) as { markers?: SavedMarker[] };
        markers = saved.markers ?? [];
      } catch {
        // no saved markers (or a linked file): the supervision gets no alignment
      }
      this.#words = markers.flatMap((m, order) => (isPunctuation(m.text) ? [] : [{ ...m, order }]));
      this.#words.sort((a, b) => a.startMs - b.startMs || a.order - b.order);
    }
    return this.#words;
  }
}

/**
 * Words inside the clip's span (and its stretch of the transcript, when the row has one), in
 * seconds from the clip's start, in the saved order. Found by binary search over the words by
 * start time, so a recording of n clips and m words costs O(n log m), not O(n × m).
 */
function wordAlignment(words: readonly Word[], sample: Sample, textStart: number | undefined, textLength: number | undefined): { symbol: string; start: number; duration: number }[] {
  const r = sample.row;
  const inside: Word[] = [];
  for (let i = firstAtLeast(words, r.start_ms, (w) => w.startMs); i < words.length && words[i]!.startMs <= r.end_ms; i++) {
    const m = words[i]!;
    if (m.endMs <= r.end_ms && (textStart === undefined || textLength === undefined || (m.textStart >= textStart && m.textStart < textStart + textLength))) inside.push(m);
  }
  return inside
    .sort((a, b) => a.order - b.order)
    .map((m) => ({ symbol: m.text, start: seconds(m.startMs - r.start_ms), duration: seconds(m.endMs - m.startMs) }));
}

export function createLhotseWriter(ctx: WriterContext): FormatWriter {
  const markers = new MarkerCache(ctx.runDir);
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
      const words = wordAlignment(await markers.get(r.source), sample, r.text_start, r.text_length);
      await out.supervisions.write(`${JSON.stringify({
        id: sample.id,
        recording_id: sample.id,
        start: 0,
        duration,
        channel: channels.length === 1 ? 0 : channels,
        text: r.text,
        speaker: sample.group,
        ...(words.length > 0 ? { alignment: { word: words } } : {}),
        custom: { source: r.source, start_ms: r.start_ms, end_ms: r.end_ms, kind: r.kind, flags: r.flags },
      })}\n`);
  }
}
