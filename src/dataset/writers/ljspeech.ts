/**
 * LJSpeech: `metadata.csv` lines `id|text|normalized_text` (no header, `|`-separated, no quoting,
 * so `|` and line breaks in a text become spaces) and `wavs/<id>.wav`. `normalized_text` is the
 * text on one line (dictclip expands no numbers or abbreviations). With --split, `<split>.txt`
 * lists the ids of each split, one per line.
 */
import path from 'node:path';
import { LineWriter } from '../files.js';
import { oneLine, PerSplit } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';

const field = (text: string): string => oneLine(text.replace(/\|/g, ' '));

export async function createLjspeechWriter(ctx: WriterContext): Promise<FormatWriter> {
  const metadata = await LineWriter.open(path.join(ctx.dir, 'metadata.csv'));
  const lists = new PerSplit((split) => LineWriter.open(path.join(ctx.dir, `${split}.txt`)));
  return {
    async add(sample: Sample): Promise<Commit> {
      await ctx.placer.place(sample.clipPath, path.join(ctx.dir, 'wavs', `${sample.id}.wav`));
      return async () => {
        const text = field(sample.row.text);
        await metadata.write(`${sample.id}|${text}|${text}\n`);
        if (ctx.splitRequested) await (await lists.get(sample.split)).write(`${sample.id}\n`);
      };
    },
    async finish(): Promise<void> {
      await metadata.close();
      for (const [, writer] of lists.entries()) await writer.close();
    },
  };
}
