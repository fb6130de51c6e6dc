/**
 * The review browser tests' shared pieces: the fixture run with its review server and Chromium
 * for a test file, opening the review page (a fresh tab at 1200×800 that collects the page's
 * errors), and waiting for its saves.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { startReview, type RunningReview } from '../../src/review/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { launchChromium, type OpenedBrowser } from '../report/browser.js';
import { makeRun, type RunFixture } from '../report/fixture.js';

// Browser globals used inside page functions (the project compiles without the DOM lib).
declare const document: { documentElement: { dataset: Record<string, string | undefined> } };

export interface ReviewFixture {
  run: RunFixture;
  review: RunningReview;
  chromium: OpenedBrowser;
}

/**
 * For the test file calling it: test/report's fixture run in a temp folder named after `name`
 * (`prepare` changes it before the review opens it), its review server and a Chromium, started
 * before the tests and closed after them. The fields are set once the tests run.
 */
export function reviewFixture(name: string, prepare?: (run: RunFixture) => Promise<void>): ReviewFixture {
  const fixture: Partial<ReviewFixture> = {};
  beforeAll(async () => {
    fixture.run = await makeRun(await tempDir(name));
    await prepare?.(fixture.run);
    fixture.review = await startReview({ runDir: fixture.run.out });
    fixture.chromium = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await fixture.chromium?.close();
    await fixture.review?.close();
    await removeTempDirs();
  });
  return fixture as ReviewFixture;
}

/**
 * Open `url` in a new tab and wait until its first recordings are drawn; `errors` collects uncaught
 * errors and console errors (those matching `expected` left out).
 */
export async function openReviewPage(browser: Browser, url: string, expected?: RegExp): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 800 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => { if (message.type() === 'error' && !(expected?.test(message.text()) ?? false)) errors.push(message.text()); });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-ready="1"]');
  return { page, errors };
}

/** Wait until the page has finished `n` saves in all since it opened (answered by the server, whatever the answer). */
export async function savesDone(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count: number) => Number(document.documentElement.dataset['saves'] ?? 0) >= count, { polling: 50 }, n);
}
