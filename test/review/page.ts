/** Opening the review page in Chromium for the browser tests: a fresh tab at 1200×800 that collects the page's errors. */
import type { Browser, Page } from 'puppeteer-core';

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
