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
import { CLIP_FLAG_MEANINGS, CLIP_FLAGS } from '../../src/markers/index.js';

// Browser globals used inside page functions (the project compiles without the DOM lib).
interface MediaLike { currentTime: number; src: string; pause(): void }
interface CanvasLike { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } }
declare const document: { getElementById(id: string): MediaLike };
declare const location: { href: string };
declare const window: unknown;

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

/** The legend rows of "Needs a look": [filter value or token, label, clips, meaning]. */
async function legend(page: Page): Promise<string[][]> {
  return page.$$eval('tr[data-legend]', (rows) => rows.map((tr) => [tr.getAttribute('data-legend') ?? '', ...[...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')])
    .map(([token, label, count, meaning]) => [token!, label!, count!, meaning!]));
}

/** The clips a person sees: [recording, text, flags] of each clip in a recording not hidden. */
async function visibleClips(page: Page): Promise<(string | null)[][]> {
  return page.$$eval('[data-clip]', (els) => els.filter((el) => (el as unknown as { checkVisibility(): boolean }).checkVisibility())
    .map((el) => [el.closest('[data-recording]')?.getAttribute('data-recording') ?? null, el.querySelector('.clip-text')?.textContent ?? null, el.getAttribute('data-flag')]));
}

/**
 * Before playing `src`: record, on the player's next 'pause' event while it plays `src`, its
 * currentTime then and at the page's last pause() call (read with {@link stopped}).
 */
async function watchPause(page: Page, src: string): Promise<void> {
  await page.evaluate((expected) => {
    const w = window as unknown as { pauseCall?: number; stop?: Promise<unknown> };
    const proto = (window as unknown as { HTMLMediaElement: { prototype: MediaLike } }).HTMLMediaElement.prototype;
    const pause = proto.pause;
    proto.pause = function (this: MediaLike) { if (this.src === expected) w.pauseCall = this.currentTime; pause.call(this); };
    const player = document.getElementById('player') as unknown as MediaLike & { addEventListener(type: string, f: () => void): void };
    w.stop = new Promise((resolve) => {
      player.addEventListener('pause', () => {
        if (player.src === expected) resolve({ src: player.src, atEvent: player.currentTime, atCall: w.pauseCall ?? null });
      });
    });
  }, src);
}

/** What {@link watchPause} saw (waits for that 'pause' event; the test times out without one). */
async function stopped(page: Page): Promise<{ src: string; atEvent: number; atCall: number | null }> {
  return page.evaluate(() => (window as unknown as { stop: Promise<{ src: string; atEvent: number; atCall: number | null }> }).stop);
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
    expect((await readdir(path.join(run.out, 'report'))).sort())
      .toEqual(['index.html', 'rec']);
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
      // The failure, with its stage and code; "Needs a look" is a legend of every flag with its meaning and count, no list of clips.
      expect(await page.$eval('[data-failure="bad.wav"]', (el) => [...el.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)))
        .toEqual(['bad.wav', 'transcode', 'E_FFMPEG']);
      expect(await legend(page)).toEqual([
        ['any', 'any flag', '1', 'Every flagged clip.'],
        ...CLIP_FLAGS.map((f) => [f, f, f === 'utterance' ? '1' : '0', CLIP_FLAG_MEANINGS[f]]),
      ]);
      expect(await page.$eval('#flagged-body', (el) => el.textContent)).not.toContain('[memo] Call me later.');
      const cards = await page.$$eval('.card', (els) => els.map((el) => el.textContent));
      expect(cards).toEqual(expect.arrayContaining(['4Recordings', '3Done', '1Failed', '0Resumed', '5Clips', `${flagged.length}Flagged clips`]));
      await page.screenshot({ path: path.join(ARTIFACTS, 'overview.png') });
      // index.html (style, data and script inside) and the rec/ files of the recordings in view: all of them from file://.
      expect(requests.filter((url) => url.startsWith('file://') && url.endsWith('/index.html'))).toHaveLength(1);
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
      // The word 'stella' is 1700–2200 ms: it plays from the source and stops at its end, not
      // ~240 ms into the next word as the media fragment's own end does.
      const stella = (await page.$$('[data-recording="talk.wav"] .word'))[2]!;
      const src = `${new URL('talk.wav', `file://${run.input}/`).href}#t=1.700,2.200`;
      await watchPause(page, src);
      await stella.click();
      const stop = await stopped(page);
      expect(stop.src).toBe(src);
      expect(stop.atEvent).toBeGreaterThanOrEqual(2.2 - 0.005);
      expect(stop.atEvent).toBeLessThanOrEqual(2.2 + 0.03);
      // Where it really stopped (the page's own pause() call, before it puts the position at the end).
      expect(stop.atCall).toBeGreaterThanOrEqual(2.2 - 0.005);
      expect(stop.atCall).toBeLessThanOrEqual(2.2 + 0.03);
    });
  }, 60_000);

  it('`dictclip report` rebuilds it from the output alone: clips by source then time, filtered by flag from the legend', async () => {
    // Flag two more clips in the manifest, as the timing checks would (the column is added when
    // missing), and list the rows out of time order (newest first, another recording between).
    const rows = await manifest();
    const columns = Object.keys(rows[0]!).includes('flags') ? Object.keys(rows[0]!) : [...Object.keys(rows[0]!), 'flags'];
    // Every other flag cleared: this test is about the two set here.
    const flags: Record<string, string> = { today: 'short-word rate-outlier', call: 'short-word' };
    for (const row of rows) row['flags'] = flags[row['text'] ?? ''] ?? '';
    const talkRows = rows.filter((r) => r['source'] === 'talk.wav').reverse();
    const shuffled = [talkRows[0]!, talkRows[1]!, ...rows.filter((r) => r['source'] !== 'talk.wav'), ...talkRows.slice(2)];
    await writeFile(path.join(run.out, 'manifest.csv'), stringify(shuffled, { header: true, columns }));
    const cli = fakeIo({ cwd: run.out });
    expect(await main(['report', '.'], cli.io)).toBe(0);
    expect(cli.stdout()).toBe(`report: ${path.join(run.out, 'report', 'index.html')}\n`);
    await inReport(async (page) => {
      const listed = await page.$$eval('[data-clip]', (els) => els.map((el) => [el.closest('[data-recording]')?.getAttribute('data-recording'), el.querySelector('.clip-text')?.textContent]));
      expect(listed).toEqual([['notes/memo.wav', '[memo] Call me later.'], ['talk.wav', 'Please'], ['talk.wav', 'call'], ['talk.wav', 'stella'], ['talk.wav', 'today']]);
      expect(await legend(page)).toEqual([
        ['any', 'any flag', '3', 'Every flagged clip.'],
        ...CLIP_FLAGS.map((f) => [f, f, String({ 'utterance': 1, 'short-word': 2, 'rate-outlier': 1 }[f as string] ?? 0), CLIP_FLAG_MEANINGS[f]]),
      ]);
      // A flag's button lists only its clips, and only the recordings that have some.
      await page.click('button[data-filter="short-word"]');
      expect(await visibleClips(page)).toEqual([['talk.wav', 'call', 'short-word'], ['talk.wav', 'today', 'short-word rate-outlier']]);
      expect(await page.$eval('#filter-status', (el) => el.textContent)).toBe('Showing the 2 clips flagged short-word in 1 recording. Show every clip');
      await page.screenshot({ path: path.join(ARTIFACTS, 'filtered.png') });
      await page.click('button[data-filter="any"]');
      expect((await visibleClips(page)).map((c) => c[1])).toEqual(['[memo] Call me later.', 'call', 'today']);
      await page.click('#filter-status button');
      expect(await visibleClips(page)).toHaveLength(5);
      expect(await page.$eval('#filter-status', (el) => (el as unknown as { hidden: boolean }).hidden)).toBe(true);
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
