/**
 * A real run for the report tests: `dictclip run` in-process against the embedded service with
 * the scripted engine, padded 100 ms so that no clip edge cuts into a tone burst, with no confidence threshold (tone bursts are not
 * speech).
 * talk.wav gives four word clips, notes/memo.wav's markers collapse (a profile rewrites its
 * whole transcript) into one `utterance` clip, QUIET has no words and bad.wav is not audio
 * (fails at transcode).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { writeRunRecord } from '../../src/run-output/run-record.js';
import { writeTimedTranscript } from '../../src/run-output/timed-file.js';
import { fakeIo } from '../cli/fake-io.js';
import { makeBursts, makeSilence } from '../helpers/index.js';
import { writeRunOutput } from '../helpers/run-output.js';

export const TALK_WORDS = [
  { word: 'please', startMs: 300, endMs: 700 }, { word: 'call', startMs: 900, endMs: 1400 },
  { word: 'stella', startMs: 1700, endMs: 2200 }, { word: 'today', startMs: 2400, endMs: 2800 },
];

/** A recording without words, named with every character HTML and URLs must escape. */
export const QUIET = 'quiet "take" & <2> #1?.wav';

export interface RunFixture {
  input: string;
  out: string;
  code: number;
  stdout: string;
  stderr: string;
}

/** Make the input folder under `root` and run `dictclip run` on it with `extraArgs`. */
export async function makeRun(root: string, extraArgs: string[] = []): Promise<RunFixture> {
  const input = path.join(root, 'in');
  const out = path.join(root, 'out');
  await makeBursts(path.join(input, 'talk.wav'), TALK_WORDS.map((w) => [w.startMs / 1000, w.endMs / 1000] as const), { seconds: 3 });
  await makeBursts(path.join(input, 'notes', 'memo.wav'), [[0.2, 0.6], [0.9, 1.3], [1.6, 1.9]], { seconds: 2.5 }, 300);
  await makeSilence(path.join(input, QUIET), { seconds: 1 });
  await writeFile(path.join(input, 'bad.wav'), 'this is not audio');
  const scriptFile = path.join(root, 'script.json');
  await writeFile(
    scriptFile,
    JSON.stringify({
      fallback: 'none',
      scripts: [
        { match: { durationMs: 3000 }, words: TALK_WORDS },
        {
          match: { durationMs: 2500 },
          words: [
            { word: 'call', startMs: 200, endMs: 600 },
            { word: 'me', startMs: 900, endMs: 1300 },
            { word: 'later', startMs: 1600, endMs: 1900 },
          ],
        },
      ],
    }),
  );
  // The embedded service reads profiles from <out>/.dictclip/service; this one collapses only the memo.
  await mkdir(path.join(out, '.dictclip', 'service'), { recursive: true });
  await writeFile(path.join(out, '.dictclip', 'service', 'profiles.json'), JSON.stringify([
    { name: 'memo', substitutions: [{ kind: 'regex', pattern: '^Call me later\\.$', to: '[memo] $&' }] },
  ]));
  return runAgain(root, extraArgs);
}

/** `dictclip run` again on the input folder `makeRun` made under `root` (later `extraArgs` override earlier flags). */
export async function runAgain(root: string, extraArgs: string[] = []): Promise<RunFixture> {
  const input = path.join(root, 'in');
  const out = path.join(root, 'out');
  const cli = fakeIo({ cwd: root });
  const code = await main(
    [
      'run',
      input,
      '--out',
      out,
      '--engine',
      'scripted',
      '--script-file',
      path.join(root, 'script.json'),
      '--profile',
      'memo',
      '--pad-ms',
      '100',
      '--confidence-threshold',
      '0',
      '--poll-initial-ms',
      '50',
      '--poll-max-ms',
      '100',
      '--transcode-concurrency',
      '2',
      ...extraArgs,
    ],
    cli.io,
  );
  return { input, out, code, stdout: cli.stdout(), stderr: cli.stderr() };
}

/**
 * The output `makeRun` gives, written without ffmpeg or a service (silent audio at the same times),
 * for the fast tier: talk.wav's four words (confidence 0.9 each in its timed transcript), the memo's
 * collapsed `utterance` clip, QUIET without words, bad.wav failed at transcode, and run.json's
 * confidence threshold 0 as `--confidence-threshold 0` records it.
 */
export async function writeRun(root: string): Promise<Pick<RunFixture, 'input' | 'out'>> {
  const input = path.join(root, 'in');
  const out = path.join(root, 'out');
  const talk = TALK_WORDS.map((w, i) => ({ text: i === 0 ? 'Please' : w.word, startMs: w.startMs, endMs: w.endMs }));
  const transcript = 'Please call stella today.';
  await writeRunOutput(out, {
    inputDir: input,
    recordings: [
      { source: 'notes/memo.wav', durationMs: 2500, heard: [{ text: '[memo] Call me later.', startMs: 200, endMs: 1900 }], collapsed: true },
      { source: QUIET, durationMs: 1000, heard: [] },
      { source: 'talk.wav', durationMs: 3000, heard: talk, transcript },
    ],
    failures: [{ source: 'bad.wav', stage: 'transcode', code: 'E_AUDIO', message: 'not audio' }],
  });
  let at = 0;
  const words = talk.map((w) => {
    const textStart = transcript.indexOf(w.text, at);
    at = textStart + w.text.length;
    return { ...w, textStart, textLength: w.text.length, flags: '', confidence: 0.9 };
  });
  writeTimedTranscript(out, { version: 1, source: 'talk.wav', wordsFrom: 'dictation', transcript, durationMs: 3000, words, phrases: [] });
  const recordings = ['bad.wav', 'notes/memo.wav', QUIET, 'talk.wav'];
  await writeRunRecord(out, { version: 1, shard: null, optionsFingerprint: 'fixture', options: { service: 'scripted', confidenceThreshold: 0 }, recordings });
  return { input, out };
}
