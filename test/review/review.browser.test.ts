/**
 * The review page of a real run in headless Chromium, through the hooks a person (and an outside
 * check) uses: [data-recording] / [data-word], click to play, double-click + type + Enter to
 * replace, click + Delete to remove, Ctrl+Z to undo, corrections/<source>.txt, a reload, two tabs,
 * and a page of another origin that tries to write. Screenshots go to test-artifacts/review/.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { QUIET } from '../report/fixture.js';
import { openReviewPage, reviewFixture, savesDone } from './page.js';

// Browser globals used inside page functions (the project compiles without the DOM lib).
interface MediaLike { currentTime: number; paused: boolean; addEventListener(type: string, listener: () => void, options?: object): void }
declare const document: { getElementById(id: string): MediaLike; documentElement: { dataset: Record<string, string | undefined> } };

const fixture = reviewFixture('review-browser');
const TALK = '[data-recording="talk.wav"]';
const talkFile = (): string => path.join(fixture.run.out, 'corrections', 'talk.wav.txt');

async function open(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openReviewPage(fixture.chromium.browser, fixture.review.url, /409/);
  await opened.page.waitForSelector(`${TALK} [data-word]`);
  return opened;
}

const words = (page: Page, recording = TALK): Promise<string[]> =>
  page.$$eval(`${recording} [data-word]`, (els) => els.map((el) => el.textContent ?? ''));

describe('review page', () => {
  it('shows the words of each recording as [data-word] inside [data-recording]', async () => {
    const { page, errors } = await open();
    expect(await words(page)).toEqual(['Please', 'call', 'stella', 'today']);
    await page.waitForSelector('[data-recording="notes/memo.wav"] [data-word]');
    expect(await words(page, '[data-recording="notes/memo.wav"]')).toEqual(['memo', 'Call', 'me', 'later']);
    // Needing attention first: the memo has a flagged (utterance) clip.
    expect(await page.$$eval('[data-recording]', (els) => els.map((el) => el.getAttribute('data-recording')))).toEqual(['notes/memo.wav', QUIET, 'talk.wav']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays a clicked word from the source audio and stops at its end', async () => {
    const { page, errors } = await open();
    const playing = page.evaluate(() => new Promise<number>((resolve) => {
      const player = document.getElementById('player');
      player.addEventListener('playing', () => resolve(player.currentTime), { once: true });
    }));
    await page.click(`${TALK} [data-word="1"]`);
    expect(await playing).toBeGreaterThanOrEqual(0.85);
    await page.waitForFunction(() => document.getElementById('player').paused);
    const stoppedAt = await page.evaluate(() => document.getElementById('player').currentTime);
    expect(stoppedAt).toBeGreaterThanOrEqual(1.39);
    expect(stoppedAt).toBeLessThan(1.7);
    expect(await page.$eval(`${TALK} [data-word="1"]`, (el) => el.classList.contains('sel'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('corrects by double-click + type + Enter, removes by click + Delete, undoes with Ctrl+Z, and a reload shows the saved state', async () => {
    const { page, errors } = await open();
    await page.click(`${TALK} [data-word="2"]`, { count: 2 });
    await page.waitForSelector(`${TALK} input.editor`);
    await page.keyboard.type('Stanley');
    await page.keyboard.press('Enter');
    await savesDone(page, 1);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please call Stanley today.\n');
    expect(await words(page)).toEqual(['Please', 'call', 'Stanley', 'today']);

    await page.click(`${TALK} [data-word="3"]`);
    await page.keyboard.press('Delete');
    await savesDone(page, 2);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please call Stanley.\n');

    await page.click(`${TALK} [data-word="1"]`, { count: 2 });
    await page.waitForSelector(`${TALK} input.editor`);
    await page.keyboard.type('ring up');
    await page.keyboard.press('Enter');
    await savesDone(page, 3);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please ring up Stanley.\n');
    expect(await words(page)).toEqual(['Please', 'ring', 'up', 'Stanley']);

    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    await savesDone(page, 4);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please call Stanley.\n');
    await page.click('#undo');
    await savesDone(page, 5);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please call Stanley today.\n');

    // Escape cancels an edit: nothing is saved.
    await page.click(`${TALK} [data-word="0"]`, { count: 2 });
    await page.keyboard.type('Nope');
    await page.keyboard.press('Escape');
    expect(await words(page)).toEqual(['Please', 'call', 'Stanley', 'today']);

    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector(`${TALK} [data-word]`);
    expect(await words(page)).toEqual(['Please', 'call', 'Stanley', 'today']);
    expect(await page.$eval(`${TALK} [data-word="2"]`, (el) => el.classList.contains('changed'))).toBe(true);
    expect(await page.$eval(`${TALK} .rec-state`, (el) => el.textContent)).toContain('corrected');
    await page.screenshot({ path: path.join(fixture.run.out, '..', 'review.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a change made in a tab that did not see the other tab\'s change, and says so', async () => {
    const a = await open();
    const b = await open();
    await a.page.bringToFront();
    await a.page.click(`${TALK} [data-word="0"]`);
    await a.page.keyboard.press('Delete');
    await savesDone(a.page, 1);
    const saved = await readFile(talkFile(), 'utf8');
    await b.page.bringToFront();
    await b.page.click(`${TALK} [data-word="3"]`);
    await b.page.keyboard.press('Delete');
    await savesDone(b.page, 1);
    expect(await readFile(talkFile(), 'utf8')).toBe(saved);
    expect(await b.page.$eval(`${TALK} .notice`, (el) => el.textContent)).toMatch(/^Not saved: .*changed elsewhere/);
    expect(await words(b.page)).toEqual(await words(a.page)); // B shows the saved state again
    await a.page.close();
    await b.page.close();
  });

  it('lets no page of another origin write', async () => {
    const before = await readFile(talkFile(), 'utf8');
    const other: Server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<p>elsewhere</p>'); });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const page = await fixture.chromium.browser.newPage();
    try {
      await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
      const outcomes = await page.evaluate(async (url: string) => {
        const tries = [
          { headers: { 'content-type': 'text/plain' }, mode: 'no-cors' },
          { headers: { 'content-type': 'application/json' }, mode: 'cors' },
        ] as const;
        const out: string[] = [];
        for (const t of tries) {
          try {
            const res = await fetch(`${url}api/save`, { method: 'POST', mode: t.mode, headers: t.headers, body: JSON.stringify({ source: 'talk.wav', revision: 'x', text: 'owned' }) });
            out.push(String(res.status));
          } catch (error) {
            out.push(`failed: ${(error as Error).name}`);
          }
        }
        return out;
      }, fixture.review.url);
      expect(outcomes).toEqual(['0', 'failed: TypeError']); // opaque answer, and a failed preflight
      expect(await readFile(talkFile(), 'utf8')).toBe(before);
    } finally {
      await page.close();
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
