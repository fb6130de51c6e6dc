/**
 * Issue 30 item 6: control characters in file names (and in messages that quote them) never reach
 * the terminal raw: the progress lines, the live line, the failure list and the error report
 * print them escaped as the run's tables do (`␛1B`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createProgress } from '../../src/cli/progress.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { fakeIo } from './fake-io.js';

afterAll(removeTempDirs);

/** A name that retitles an xterm window (OSC 0 … BEL) and turns the text red. */
const EVIL = 'a\x1b]0;owned\x07\x1b[31mred\x9b.wav';
const SHOWN = 'a␛1B]0;owned␛07␛1B[31mred␛9B.wav';

function sink() {
  const chunks: string[] = [];
  return { stream: { write: (s: string) => chunks.push(s) }, chunks };
}

describe('names with control characters on the terminal (issue 30 item 6)', () => {
  it('are escaped in every progress line when piped', () => {
    const out = sink();
    const { events, finish } = createProgress({ stream: out.stream, isTTY: false, quiet: false, now: () => 0 });
    events.onStart?.({ total: 2, resumed: 0, skipped: [{ relPath: EVIL, reason: 'not audio' }] });
    events.onStageChange?.({ source: EVIL, stage: 'cut' });
    events.onRecordingDone?.({ source: EVIL, clips: 1, resumed: false });
    events.onWarning?.({ source: EVIL, message: `odd \x1b[2J ${EVIL}` });
    events.onRecordingFailed?.({ source: EVIL, stage: 'transcode', code: 'E_FFMPEG', message: `cannot read ${EVIL}\nline two` });
    finish();
    expect(out.chunks.join('')).toBe(
      `skipped ${SHOWN} (not audio)\n` +
        `stage   ${SHOWN}: cutting (0ms elapsed)\n` +
        `done    ${SHOWN} (1 clip)\n` +
        `warning ${SHOWN}: odd ␛1B[2J ${SHOWN}\n` +
        `FAILED  ${SHOWN} [transcode] E_FFMPEG: cannot read ${SHOWN}␛0Aline two\n`,
    );
  });

  it('are escaped in the live line on a terminal (only its own clear sequence is raw)', () => {
    const out = sink();
    let t = 0;
    const { events, finish } = createProgress({ stream: out.stream, isTTY: true, quiet: false, now: () => t });
    events.onStart?.({ total: 1, resumed: 0, skipped: [] });
    t = 1_000;
    events.onStageChange?.({ source: EVIL, stage: 'upload' });
    finish();
    expect(out.chunks).toEqual([
      '\r\x1b[2K[0/1] clips 0 · failed 0',
      `\r\x1b[2K[0/1] clips 0 · failed 0 · ${SHOWN}: uploading (0ms elapsed)`,
      '\r\x1b[2K',
    ]);
  });

  it('are escaped in the error report of a command', async () => {
    const root = await tempDir('escapes');
    const dir = path.join(root, EVIL);
    await mkdir(dir);
    await writeFile(path.join(dir, 'note.txt'), 'not a run');
    const io = fakeIo({ cwd: root });
    expect(await main(['export', EVIL, '--format', 'hf'], io.io)).toBe(2);
    expect(io.stderr()).toMatch(/^dictclip: E_NOT_RUN_OUTPUT: /);
    expect(io.stderr()).toContain(SHOWN);
    // eslint-disable-next-line no-control-regex
    expect(io.stderr()).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
  });
});
