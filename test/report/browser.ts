/** Debian's headless Chromium driven by puppeteer-core, with a fresh profile and no network extras. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';

export interface OpenedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<OpenedBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'dictclip-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required', `--user-data-dir=${profile}`],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught page errors. */
  errors: string[];
  /** Every URL the page requested. */
  requests: string[];
}

/** Open a file in a new page (1280×900) and wait for the report to say it is ready. */
export async function openReport(browser: Browser, indexHtml: string): Promise<OpenedPage> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(indexHtml).href, { waitUntil: 'load' });
  await page.waitForSelector('html[data-ready="1"]');
  return { page, errors, requests };
}
