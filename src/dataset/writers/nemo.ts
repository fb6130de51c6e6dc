/**
 * NeMo: `<split>_manifest.json` (train, dev, test) in JSON lines, one object per clip with
 * `audio_filepath` (relative to the manifest's folder, which NeMo resolves against), `duration`
 * (seconds: the clip file's samples ÷ its sample rate, after any conversion), `text`, and the extras `speaker` (a field NeMo's manifest
 * parser knows), `source`, `start_ms`, `end_ms`, `flags`. Clips go to `<split>/<id>.wav`.
 */
import path from 'node:path';
import { LineWriter } from '../files.js';
import { PerSplit } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';

export function createNemoWriter(ctx: WriterContext): FormatWriter {
  const manifests = new PerSplit((split) => LineWriter.open(path.join(ctx.dir, `${split}_manifest.json`)));
  return {
    async add(sample: Sample): Promise<Commit> {
      const rel = `${sample.split}/${sample.id}.wav`;
      await ctx.placer.place(sample.clipPath, path.join(ctx.dir, ...rel.split('/')));
      const r = sample.row;
      const line = {
        audio_filepath: rel,
        duration: sample.audio.samples / sample.audio.sampleRate,
        text: r.text,
        speaker: sample.group,
        source: r.source,
        start_ms: r.start_ms,
        end_ms: r.end_ms,
        flags: r.flags,
      };
      return async () => (await manifests.get(sample.split)).write(`${JSON.stringify(line)}\n`);
    },
    async finish(): Promise<void> {
      for (const [, writer] of manifests.entries()) await writer.close();
    },
  };
}
