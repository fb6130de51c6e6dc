/**
 * Hugging Face `audiofolder`: `<split>/metadata.csv` (header first; `file_name` relative to the
 * csv's folder) with the clips beside it, split folders `train`, `validation`, `test` (the names
 * the loader maps to its splits). `sample_rate` and `channels` are the clip file's (after any
 * conversion). Load with `load_dataset("audiofolder", data_dir=<dir>)`.
 */
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { LineWriter } from '../files.js';
import { PerSplit } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';
import type { SplitName } from '../splits.js';

/** Split folder names of the audiofolder loader. */
export const HF_SPLITS: Record<SplitName, string> = { train: 'train', dev: 'validation', test: 'test' };

export const HF_COLUMNS = [
  'file_name',
  'text',
  'source',
  'start_ms',
  'end_ms',
  'duration_ms',
  'sample_rate',
  'channels',
  'speaker',
  'kind',
  'flags',
] as const;

const csvLine = (fields: readonly (string | number)[]): string => stringify([fields], { record_delimiter: 'unix' });

export function createHfWriter(ctx: WriterContext): FormatWriter {
  const metadata = new PerSplit(async (split) => {
    const writer = await LineWriter.open(path.join(ctx.dir, HF_SPLITS[split], 'metadata.csv'));
    await writer.write(csvLine(HF_COLUMNS));
    return writer;
  });
  return {
    async add(sample: Sample): Promise<Commit> {
      const fileName = `${sample.id}.wav`;
      await ctx.placer.place(sample.clipPath, path.join(ctx.dir, HF_SPLITS[sample.split], fileName));
      const r = sample.row;
      const a = sample.audio;
      return async () =>
        (await metadata.get(sample.split)).write(
          csvLine([
            fileName,
            r.text,
            r.source,
            r.start_ms,
            r.end_ms,
            r.duration_ms,
            a.sampleRate,
            a.channels,
            sample.group,
            r.kind,
            r.flags,
          ]),
        );
    },
    async finish(): Promise<void> {
      for (const [, writer] of metadata.entries()) await writer.close();
    },
  };
}
