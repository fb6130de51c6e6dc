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
import { fakeIo } from '../cli/fake-io.js';
import { makeBursts, makeSilence } from '../helpers/index.js';

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
