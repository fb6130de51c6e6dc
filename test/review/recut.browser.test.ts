/**
 * The loop end to end with a person's mouse: a run against the scripted service (port 0), the
 * review page in Chromium where an edge of one word is dragged each way and another word is
 * verified with `v`, then the same run again over the same output: it takes the review's
 * corrections by itself, cuts those words at exactly the dragged times (to the ms, no padding) with
 * no new POST to the service, and flags the checked word's clip `verified`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import { startReview, type RunningReview } from '../../src/review/index.js';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir, type StartedService } from '../helpers/index.js';
import { launchChromium, type OpenedBrowser } from '../report/browser.js';
import { TALK_WORDS } from '../report/fixture.js';
import { openReviewPage, savesDone } from './page.js';

let root: string;
let svc: StartedService;
let chromium: OpenedBrowser;
let review: RunningReview | undefined;
const TALK = '[data-recording="talk.wav"]';

beforeAll(async () => {
  root = await tempDir('review-recut-browser');
  await makeBursts(path.join(root, 'in', 'talk.wav'), TALK_WORDS.map((w) => [w.startMs / 1000, w.endMs / 1000] as const), { seconds: 3 });
  svc = await startTestService({ script: { fallback: 'none', scripts: [{ match: { durationMs: 3000 }, words: TALK_WORDS }] } });
  chromium = await launchChromium();
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await review?.close();
  await svc?.close();
  await removeTempDirs();
});

const posts = (): number => svc.log.filter((line) => line.startsWith('POST ')).length;
type Row = Record<string, string>;
/** Each clip: [text, start, end, whether it has the flag `verified`] (its edges cut inside the tones: `loud-edge` too). */
const rows = async (out: string): Promise<[string, number, number, boolean][]> =>
  (parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[])
    .map((r) => [r['text'] ?? '', Number(r['start_ms']), Number(r['end_ms']), (r['flags'] ?? '').split(' ').includes('verified')]);

/** Drag the `edge` handle of word `index` by `dx` CSS pixels with the mouse and wait for the save. */
async function drag(page: Page, index: number, edge: 'start' | 'end', dx: number, saves: number): Promise<void> {
  const box = await (await page.$(`${TALK} [data-word="${index}"] [data-edge="${edge}"]`))!.boundingBox();
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
  await savesDone(page, saves);
}

describe('a re-cut after dragging edges in the review page', () => {
  it('cuts the dragged word at exactly its dragged times, flags the verified one, and dictates nothing again', async () => {
    const out = path.join(root, 'out');
    const options = runOptions(path.join(root, 'in'), out, { baseUrl: svc.url, credentials: svc.credentials, padBeforeMs: 0, padAfterMs: 0 });
    await runPipeline(options);
    expect(await rows(out)).toEqual([['Please', 300, 700, false], ['call', 900, 1400, false], ['stella', 1700, 2200, false], ['today', 2400, 2800, false]]);

    review = await startReview({ runDir: out });
    const { page, errors } = await openReviewPage(chromium.browser, review.url);
    await page.waitForSelector(`${TALK} [data-word="1"]`);
    await drag(page, 1, 'start', -17, 1);
    await drag(page, 1, 'end', 29, 2);
    await page.click(`${TALK} [data-word="3"]`);
    await page.keyboard.press('v');
    await savesDone(page, 3);
    const [startMs, endMs] = await page.$eval(`${TALK} [data-word="1"]`, (el) => [Number(el.getAttribute('data-start-ms')), Number(el.getAttribute('data-end-ms'))] as [number, number]);
    expect(startMs).toBeLessThan(900);
    expect(endMs).toBeGreaterThan(1400);
    expect(errors).toEqual([]);
    await page.close();
    await review.close();
    review = undefined;

    const before = posts();
    await runPipeline(options);
    expect(posts()).toBe(before);
    expect(await rows(out)).toEqual([['Please', 300, 700, false], ['call', startMs, endMs, false], ['stella', 1700, 2200, false], ['today', 2400, 2800, true]]);
    // The clip holds exactly those milliseconds of 16 kHz audio.
    const call = (parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[])[1]!;
    const wav = await readFile(path.join(out, call['file_name']!));
    expect([Number(call['duration_ms']), (wav.length - 44) / 2]).toEqual([endMs - startMs, (endMs - startMs) * 16]);
  });
});
