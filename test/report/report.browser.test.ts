/**
 * The QA report of a real run, opened from file:// in headless Chromium: hooks, playback, the
 * failure, the flagged clips, no network and no console error. Screenshots go to
 * test-artifacts/report/ (git-ignored) for a person to look at.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { main } from '../../src/cli/main.js';
import { fakeIo } from '../cli/fake-io.js';
import { ROOT, removeTempDirs, tempDir } from '../helpers/index.js';
import { launchChromium, openReport, type OpenedBrowser } from './browser.js';
import { makeRun, QUIET, type RunFixture } from './fixture.js';

// Browser globals used inside page functions (the project compiles without the DOM lib).
interface MediaLike { currentTime: number; src: string; pause(): void }
interface CanvasLike { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } }
declare const document: { getElementById(id: string): MediaLike };
declare const location: { href: string };

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'report');
let run: RunFixture;
let chromium: OpenedBrowser;

type Row = Record<string, string>;
const manifest = async (): Promise<Row[]> => parse(await readFile(path.join(run.out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[];

beforeAll(async () => {
  run = await makeRun(await tempDir('report'));
  chromium = await launchChromium();
  await mkdir(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await removeTempDirs();
});

/**
 * Open the report in a new page, run `check`, then require that the page logged no error and
 * requested nothing outside file://.
 */
async function inReport(check: (page: Page, requests: string[]) => Promise<void>): Promise<void> {
  const { page, errors, requests } = await openReport(chromium.browser, path.join(run.out, 'report', 'index.html'));
  try {
    await check(page, requests);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('file://') && !url.startsWith('data:'))).toEqual([]);
  } finally {
    await page.close();
  }
}

/** The player's time once it has advanced past 0 (fails the test by timeout otherwise). */
async function playedTime(page: Page): Promise<number> {
  await page.waitForFunction(() => (document.getElementById('player') as unknown as MediaLike).currentTime > 0, { timeout: 10_000 });
  return page.$eval('#player', (a) => (a as unknown as MediaLike).currentTime);
}

describe('the report of dictclip run', () => {
  it('is written by the run, self-contained in report/', async () => {
    expect(run.code, run.stderr).toBe(1); // bad.wav failed
    const index = path.join(run.out, 'report', 'index.html');
    expect(run.stdout).toContain(`report: ${index}\n`);
    expect((await readdir(path.join(run.out, 'report'))).sort()).toEqual(['data.js', 'format.js', 'index.html', 'overview.js', 'rec', 'report.css', 'report.js', 'wave.js']);
    // One rec file per recording with markers: talk, memo and quiet (bad.wav never got any).
    expect((await readdir(path.join(run.out, 'report', 'rec'))).map((f) => f.replace(/-[0-9a-f]{8}\.js$/, '')).sort())
      .toEqual(['notes__memo', 'quiet_take_2_1', 'talk']);
    const html = await readFile(index, 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('opens from file:// with every hook, no network and no console error', async () => {
    const rows = await manifest();
    expect(rows.map((r) => [r['source'], r['text'], r['kind']])).toEqual([
      ['notes/memo.wav', '[memo] Call me later.', 'utterance'],
      ['talk.wav', 'Please', 'word'], ['talk.wav', 'call', 'word'], ['talk.wav', 'stella', 'word'], ['talk.wav', 'today', 'word'],
    ]);
    await inReport(async (page, requests) => {
      const clips = await page.$$eval('[data-clip]', (els) => els.map((el) => ({
        clip: el.getAttribute('data-clip'), src: new URL(el.getAttribute('data-src') ?? '', location.href).href,
        link: new URL(el.querySelector('a[href]')?.getAttribute('href') ?? '', location.href).href, flag: el.getAttribute('data-flag'),
      })));
      expect(clips.map((c) => c.clip).sort()).toEqual(rows.map((r) => r['file_name']).sort());
      for (const c of clips) {
        expect(c.link).toBe(c.src);
        expect(fileURLToPath(c.src)).toBe(path.join(run.out, c.clip ?? ''));
        expect(existsSync(fileURLToPath(c.src))).toBe(true);
      }
      // data-flag is the manifest's flags: only the utterance (the padding keeps every edge quiet).
      const flagged = rows.filter((r) => r['flags'] !== '').map((r) => [r['file_name'], r['flags']]);
      expect(flagged).toEqual([[rows[0]!['file_name'], 'utterance']]);
      expect(clips.filter((c) => c.flag !== null).map((c) => [c.clip, c.flag]).sort()).toEqual(flagged.sort());
      const recordings = await page.$$eval('[data-recording]', (els) => els.map((el) => [el.getAttribute('data-recording'), el.querySelectorAll('canvas').length]));
      expect(recordings).toEqual([['notes/memo.wav', 1], [QUIET, 1], ['talk.wav', 1]]);
      // Its source link survives the quote, ampersand, angle brackets, '#' and '?' in the name.
      const quietHref = await page.$$eval('[data-recording]', (els, name) =>
        els.find((el) => el.getAttribute('data-recording') === name)?.querySelector('.rec-meta a')?.getAttribute('href') ?? '', QUIET);
      expect(fileURLToPath(new URL(quietHref, pathToFileURL(path.join(run.out, 'report', 'index.html'))))).toBe(path.join(run.input, QUIET));
      expect(await page.$$eval('audio', (els) => els.length)).toBe(1);
      // The failure, with its stage and code; the flagged clip in "Needs a look".
      expect(await page.$eval('[data-failure="bad.wav"]', (el) => [...el.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)))
        .toEqual(['bad.wav', 'transcode', 'E_FFMPEG']);
      expect(await page.$eval('#flagged-body', (el) => el.textContent)).toContain('[memo] Call me later.');
      const cards = await page.$$eval('.card', (els) => els.map((el) => el.textContent));
      expect(cards).toEqual(expect.arrayContaining(['4Recordings', '3Done', '1Failed', '0Resumed', '5Clips', `${flagged.length}Flagged clips`]));
      await page.screenshot({ path: path.join(ARTIFACTS, 'overview.png') });
      // index.html, report.css, data.js, report.js at least: all of them from file://.
      expect(requests.length).toBeGreaterThan(3);
    });
  }, 60_000);

  it('draws the waveform from the saved peaks, with the clips on it', async () => {
    await inReport(async (page) => {
      const talk = await page.$('[data-recording="talk.wav"]');
      await talk!.scrollIntoView();
      await page.waitForSelector('[data-recording="talk.wav"] canvas[data-drawn="full"]');
      await page.waitForSelector('[data-recording="talk.wav"] .word');
      // Dark waveform ink mid-burst (500 ms) and none in the silence (800 ms) of a 3 s recording.
      const ink = await page.$eval('[data-recording="talk.wav"] canvas', (canvas) => {
        const c = canvas as unknown as CanvasLike;
        const g = c.getContext('2d')!;
        const column = (ms: number): number => {
          const px = g.getImageData(Math.round((ms / 3000) * c.width), 0, 1, c.height * 0.9).data;
          let dark = 0;
          for (let i = 0; i < px.length; i += 4) if (px[i]! < 80 && px[i + 1]! < 80) dark++;
          return dark / (px.length / 4);
        };
        return { burst: column(500), silence: column(800) };
    });
    expect(ink.burst).toBeGreaterThan(0.5);
    expect(ink.silence).toBeLessThan(0.05);
    expect(await page.$$eval('[data-recording="talk.wav"] .word', (els) => els.map((el) => el.textContent)))
      .toEqual(['Please', 'call', 'stella', 'today', '.']);
    await page.waitForSelector('[data-recording="notes/memo.wav"] canvas[data-drawn="full"]');
    await (await page.$('[data-recording="talk.wav"]'))!.screenshot({ path: path.join(ARTIFACTS, 'recording.png') });
    });
  }, 60_000);

  it('plays a clip when it is clicked, and a transcript word from the source recording', async () => {
    await inReport(async (page) => {
      const rows = await manifest();
      const call = rows.find((r) => r['text'] === 'call')!;
      await page.click(`[data-clip="${call['file_name']}"] a`);
      expect(await playedTime(page)).toBeGreaterThan(0);
      expect(await page.$eval('#player', (a) => (a as unknown as MediaLike).src)).toBe(new URL(`../${call['file_name']}`, `file://${run.out}/report/`).href);
      expect(page.url()).toMatch(/report\/index\.html$/); // the click played in place, it did not navigate

      await page.$eval('#player', (a) => { (a as unknown as MediaLike).pause(); });
      await (await page.$('[data-recording="talk.wav"]'))!.scrollIntoView();
      await page.waitForSelector('[data-recording="talk.wav"] .word');
      const stella = (await page.$$('[data-recording="talk.wav"] .word'))[2]!;
      await stella.click();
      await page.waitForFunction(() => (document.getElementById('player') as unknown as MediaLike).currentTime > 1.7, { timeout: 10_000 });
      const src = await page.$eval('#player', (a) => (a as unknown as MediaLike).src);
      expect(src).toBe(`${new URL('talk.wav', `file://${run.input}/`).href}#t=1.700,2.200`);
    });
  }, 60_000);

  it('`dictclip report` rebuilds it from the output alone and lists flagged clips first', async () => {
    // Flag one more clip in the manifest, as the timing checks would (the column is added when missing).
    const rows = await manifest();
    const columns = Object.keys(rows[0]!).includes('flags') ? Object.keys(rows[0]!) : [...Object.keys(rows[0]!), 'flags'];
    // Loud edges cleared: the tone bursts are cut at their onsets, which is not what this test is about.
    for (const row of rows) row['flags'] = row['text'] === 'today' ? 'short-word rate-outlier' : (row['flags'] ?? '').replace(/ ?loud-edge/, '');
    await writeFile(path.join(run.out, 'manifest.csv'), stringify(rows, { header: true, columns }));
    const cli = fakeIo({ cwd: run.out });
    expect(await main(['report', '.'], cli.io)).toBe(0);
    expect(cli.stdout()).toBe(`report: ${path.join(run.out, 'report', 'index.html')}\n`);
    await inReport(async (page) => {
      const talk = await page.$$eval('[data-recording="talk.wav"] [data-clip]', (els) => els.map((el) => [el.querySelector('.clip-text')?.textContent, el.getAttribute('data-flag')]));
      expect(talk).toEqual([['today', 'short-word rate-outlier'], ['Please', null], ['call', null], ['stella', null]]);
      expect(await page.$$eval('[data-flag]', (els) => els.length)).toBe(2);
    });
  }, 60_000);

  it('is not written with --no-report', async () => {
    const plain = await makeRun(await tempDir('report-none'), ['--no-report']);
    expect(plain.code, plain.stderr).toBe(1);
    expect(plain.stdout).not.toContain('report:');
    expect(existsSync(path.join(plain.out, 'manifest.csv'))).toBe(true);
    expect(existsSync(path.join(plain.out, 'report'))).toBe(false);
  }, 60_000);

  it('refuses a folder that is not a run output (exit 2, nothing written)', async () => {
    const empty = await tempDir('report-empty');
    const cli = fakeIo({ cwd: empty });
    expect(await main(['report', empty], cli.io)).toBe(2);
    expect(cli.stderr()).toContain(`E_NOT_RUN_OUTPUT: ${empty} is not a dictclip run output: manifest.csv is missing.`);
    expect(await readdir(empty)).toEqual([]);
  });
});
