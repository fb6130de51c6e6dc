/**
 * The report after a re-cut: a second run with other clip options cuts again from the saved
 * markers without dictating, and its time per stage keeps the dictation stages' times from the run
 * that dictated (each recording's state saves them; summary.json `earlierStageMs` sums them), marked.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingKey, statePath } from '../../src/run-output/naming.js';
import { STAGES } from '../../src/run-output/rows.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { launchChromium, openReport, type OpenedBrowser } from './browser.js';
import { makeRun, runAgain, type RunFixture } from './fixture.js';

type Summary = { stageMs: Record<string, number>; earlierStageMs?: Record<string, number>; done: number; resumed: number };
let first: Summary;
let again: RunFixture;
let chromium: OpenedBrowser;
const summaryOf = async (out: string): Promise<Summary> => JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8')) as Summary;

beforeAll(async () => {
  const root = await tempDir('report-recut');
  const run = await makeRun(root);
  expect(run.code, run.stderr).toBe(1); // bad.wav fails
  first = await summaryOf(run.out);
  again = await runAgain(root, ['--pad-ms', '150']); // a clip option only: re-cut from the saved markers
  chromium = await launchChromium();
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await removeTempDirs();
});

describe('the report after a re-cut', () => {
  it('summary.json keeps the dictation stages from the run that dictated, apart from this run\'s', async () => {
    expect(again.code, again.stderr).toBe(1);
    expect(first.earlierStageMs).toBeUndefined(); // the first run dictated everything itself
    expect(Object.keys(first.stageMs)).toEqual(expect.arrayContaining(['upload', 'dictate']));
    const summary = await summaryOf(again.out);
    expect(summary.done).toBe(3); // talk, memo and the quiet one re-cut (nothing resumed: the padding changed)
    expect(Object.keys(summary.stageMs)).not.toContain('upload');
    expect(Object.keys(summary.stageMs)).not.toContain('dictate');
    // Each recording's state saved its dictation's stage times; the summary sums those of the re-cut ones.
    const saved: Record<string, number> = {};
    for (const source of ['talk.wav', 'notes/memo.wav', 'quiet "take" & <2> #1?.wav']) {
      const state = JSON.parse(await readFile(statePath(again.out, recordingKey(source)), 'utf8')) as { dictation: { stageMs: Record<string, number> } };
      expect(Object.keys(state.dictation.stageMs)).toEqual(['upload', 'dictate', 'markers']);
      for (const [stage, ms] of Object.entries(state.dictation.stageMs)) saved[stage] = (saved[stage] ?? 0) + ms;
    }
    expect(summary.earlierStageMs).toEqual(saved);
    expect(Object.values(saved).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
  });

  it('shows those times marked as from the earlier run, each after its stage', async () => {
    const summary = await summaryOf(again.out);
    const { page, errors } = await openReport(chromium.browser, path.join(again.out, 'report', 'index.html'));
    try {
      const rows = await page.$$eval('#stages .bar-row', (els) => els.map((el) => [el.getAttribute('data-stage'), el.getAttribute('data-earlier'), el.textContent]));
      const expected = Object.keys({ ...summary.stageMs, ...summary.earlierStageMs }).sort((a, b) => order(a) - order(b))
        .flatMap((stage) => [
          ...(stage in summary.stageMs ? [[stage, null]] : []),
          ...(summary.earlierStageMs !== undefined && stage in summary.earlierStageMs ? [[stage, '1']] : []),
        ]);
      expect(rows.map(([stage, earlier]) => [stage, earlier])).toEqual(expected);
      expect(rows.filter((r) => r[1] === '1').map((r) => r[2])).toEqual(
        ['upload', 'dictate', 'markers'].map((stage) => expect.stringMatching(new RegExp(`^${stage} earlier run`))));
      expect(await page.$eval('#stages', (el) => el.textContent)).toContain('timed in the run that dictated them');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

const order = (stage: string): number => (STAGES as readonly string[]).indexOf(stage);
