/**
 * Kaldi data folders `<split>/` (train, dev, test) with `wav.scp`, `segments`, `text`, `utt2spk`
 * and `spk2utt`, each sorted in C-locale byte order (`LC_ALL=C sort`, run on the files so memory
 * stays flat) with unique keys, as `utils/validate_data_dir.sh` requires.
 *
 * - Recordings are the run's source recordings: `wav.scp` maps `<recording key>` to a pipe,
 *   `ffmpeg -nostdin -v error -protocol_whitelist file -format_whitelist <media demuxers> -i '<absolute source path>' -f wav -ar 16000 -ac
 * 1 - |`, that yields
 *   the same 16 kHz mono audio the clips were cut from (the run deletes its work audio), or the
 *   `--sample-rate` and `--channels` of the export (with one channel, `--channel` keeps one channel
 *   of the source instead of the mix; by default the run's own choice).
 * - `segments`: `<utt> <recording> <start> <end>` in seconds (3 decimals), the clip's span in
 *   the recording, padding included (the manifest's start_ms and end_ms).
 * - Speakers are the groups (--group-by); utterance ids are `<speaker>-<clip id>`, so sorting by
 *   utterance also sorts by speaker (a speaker id's only `-` is the one before its hash, so no
 *   speaker id is a prefix of another's utterance ids).
 */
import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ffmpegInputArgs, keepChannelFilter } from '../../audio/index.js';
import { runProcess } from '../../child-process.js';
import { DictclipError } from '../../errors.js';
import { recordingKey } from '../../run-output/naming.js';
import { sourceFile } from '../../run-output/safe-path.js';
import { LineWriter } from '../files.js';
import { oneLine, PerSplit } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';

const FILES = ['wav.scp', 'segments', 'text', 'utt2spk'] as const;
type KaldiFile = (typeof FILES)[number];

/** Quote a path for sh: single quotes, each `'` written as `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The rate and channels of wav.scp's audio without --sample-rate and --channels: the work format the clips were cut from. */
export const KALDI_DEFAULT_AUDIO = { sampleRate: 16000, channels: 1 } as const;

/**
 * The wav.scp command of a source recording: WAV at `sampleRate` with `channels` on stdout (media
 * demuxers only, local files only); with one channel and `channel`, that channel of the source
 * instead of the mix (as the run's work audio kept it).
 */
function decodeCommand(
  sourcePath: string,
  sampleRate: number = KALDI_DEFAULT_AUDIO.sampleRate,
  channels: number = KALDI_DEFAULT_AUDIO.channels,
  channel?: number,
): string {
  const options = ffmpegInputArgs(sourcePath).slice(0, -1); // all but the path, quoted here
  const keep = channel !== undefined && channels === 1 ? ` -af ${keepChannelFilter(channel)}` : '';
  return `ffmpeg -nostdin -v error ${options.join(' ')} ${shellQuote(sourcePath)}${keep} -f wav -ar ${sampleRate} -ac ${channels} - |`;
}

const secondsText = (ms: number): string => (ms / 1000).toFixed(3);

async function sortFile(input: string, output: string, unique: boolean, tempDir: string): Promise<void> {
  // A bounded buffer (-S) and temp files in the export's scratch folder (-T): sort merges runs on disk.
  await runProcess('sort', [...(unique ? ['-u'] : []), '-S', '64M', '-T', tempDir, '-o', output, input], {
    errorCode: 'E_OUTPUT', env: { LC_ALL: 'C' }, path: input,
  });
}

/** spk2utt from a sorted utt2spk, streamed: utterances of one speaker are consecutive. */
async function writeSpk2utt(utt2spk: string, spk2utt: string): Promise<void> {
  const out = await LineWriter.open(spk2utt);
  let current: string | undefined;
  for await (const line of createInterface({ input: createReadStream(utt2spk), crlfDelay: Infinity })) {
    const [utt = '', spk = ''] = line.split(' ');
    if (spk !== current) {
      await out.write(`${current === undefined ? '' : '\n'}${spk}`);
      current = spk;
    }
    await out.write(` ${utt}`);
  }
  if (current !== undefined) await out.write('\n');
  await out.close();
}

export function createKaldiWriter(ctx: WriterContext): FormatWriter {
  const { inputDir } = ctx;
  if (inputDir === undefined) throw new DictclipError('E_CONFIG', 'kaldi needs the input folder of the run', { key: 'inputDir' });
  const scratch = new PerSplit(async (split) => {
    const entries = await Promise.all(
      FILES.map(async (name) => [name, await LineWriter.open(path.join(ctx.scratch, split, name))] as const),
    );
    return { writers: new Map<KaldiFile, LineWriter>(entries), lastSource: '' };
  });
  const commit = async (sample: Sample): Promise<void> => {
      const files = await scratch.get(sample.split);
      const r = sample.row;
      const recording = recordingKey(r.source);
      const utt = `${sample.speaker}-${sample.id}`;
      const write = (name: KaldiFile, line: string): Promise<void> => files.writers.get(name)!.write(`${line}\n`);
      if (files.lastSource !== r.source) {
        await write(
          'wav.scp',
          `${recording} ${decodeCommand(sourceFile(inputDir, r.source), ctx.audio.sampleRate, ctx.audio.channels, ctx.audio.channel)}`,
        );
        files.lastSource = r.source;
      }
      await write('segments', `${utt} ${recording} ${secondsText(r.start_ms)} ${secondsText(r.end_ms)}`);
      await write('text', `${utt} ${oneLine(r.text)}`);
      await write('utt2spk', `${utt} ${sample.speaker}`);
  };
  return {
    add(sample: Sample): Promise<Commit> {
      return Promise.resolve(() => commit(sample));
    },
    async finish(): Promise<void> {
      for (const [split, files] of scratch.entries()) {
        for (const writer of files.writers.values()) await writer.close();
        const target = path.join(ctx.dir, split);
        await mkdir(target, { recursive: true });
        for (const name of FILES)
          await sortFile(path.join(ctx.scratch, split, name), path.join(target, name), name === 'wav.scp', ctx.scratch);
        await writeSpk2utt(path.join(target, 'utt2spk'), path.join(target, 'spk2utt'));
      }
    },
  };
}
