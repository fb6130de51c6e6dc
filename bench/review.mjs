/**
 * The review page at scale: the QA report's synthetic run outputs (1,000 and 10,000 word clips,
 * 200 per recording, markers and peaks; bench/qa-report.mjs) served by `startReview` on port 0
 * and opened in Debian's headless Chromium. Measured: the first render (the page's own ready time:
 * the list and the first recordings' words and waveforms drawn; and the first frame after it), the
 * time until every recording has its words, the page's responsiveness meanwhile (longest gap
 * between animation frames), and a save: the HTTP round trip of one word change on a 200-word
 * recording, and the whole double-click + type + Enter until the page shows the saved state.
 * BENCH_SMALL=1 measures 200 and 1,000 clips instead.
 */
/* global document, requestAnimationFrame, window -- used inside page.evaluate, which runs in the browser */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { freshDir, importDist, launchChromium, median, OUT, saveResult } from './lib.mjs';
import { syntheticRun } from './qa-report.mjs';

const SIZES = process.env.BENCH_SMALL === '1' ? [200, 1000] : [1000, 10000];
const RUNS = 3;
const SAVES = 9;

async function pageTimes(browser, url) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The longest gap between two frames from navigation on: a frozen page shows as a long gap.
  await page.evaluateOnNewDocument(() => {
    let last = performance.now();
    window.__longestFrameGap = 0;
    const frame = (now) => {
      window.__longestFrameGap = Math.max(window.__longestFrameGap, now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-ready="1"]', { timeout: 60_000 });
  const painted = await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.round(performance.now()))))),
  );
  await page.waitForSelector('html[data-all-loaded-ms]', { timeout: 300_000 });
  const times = await page.evaluate(() => ({
    readyMs: Number(document.documentElement.dataset.readyMs), allMs: Number(document.documentElement.dataset.allLoadedMs),
    words: document.querySelectorAll('[data-word]').length, gapMs: Math.round(window.__longestFrameGap),
  }));
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  return { ...times, painted, page };
}

/** One word change through the page's own API, timed inside the page (median of SAVES). */
async function saveTimes(page, source) {
  return page.evaluate(async (src, n) => {
    const token = document.querySelector('meta[name="dictclip-token"]').content;
    const times = [];
    let rec = await (await fetch(`/api/recording?source=${encodeURIComponent(src)}`)).json();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await fetch('/api/save', {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-dictclip-token': token },
        body: JSON.stringify({ source: src, revision: rec.revision, index: 10 + i, replacement: `changed${i}` }),
      });
      rec = await res.json();
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[Math.floor(n / 2)];
  }, source, SAVES);
}

/** Double-click a word of the first recording, type, Enter, until the page has the answer. */
async function uiSave(page) {
  const word = await page.$('[data-recording] [data-word="5"]');
  const t0 = performance.now();
  await word.click({ count: 2 });
  await page.waitForSelector('input.editor');
  await page.keyboard.type('typed');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => Number(document.documentElement.dataset.saves ?? 0) >= 1, { polling: 'mutation' });
  return performance.now() - t0;
}

export default async function review() {
  const lib = { ...(await importDist('run-output/peaks-file.js')), ...(await importDist('run-output/naming.js')) };
  const { startReview } = (await importDist('review/index.js')) ?? {};
  if (startReview === undefined) throw new Error('dist/review/index.js not built');
  const { browser, close } = await launchChromium();
  const rows = [];
  const targets = [];
  try {
    for (const clips of SIZES) {
      const dir = await freshDir(join(OUT, 'review', `clips-${clips}`));
      const recordings = await syntheticRun(dir, clips, lib);
      const server = await startReview({ runDir: dir });
      try {
        const loads = [];
        for (let i = 0; i < RUNS; i++) {
          const { page, ...times } = await pageTimes(browser, server.url);
          loads.push(times);
          await page.close();
        }
        const { page } = await pageTimes(browser, server.url);
        const save = await saveTimes(page, 'speaker00/session-0000.wav');
        await page.reload({ waitUntil: 'load' });
        await page.waitForSelector('html[data-ready="1"]');
        const ui = await uiSave(page);
        await page.close();
        const ready = median(loads.map((l) => l.readyMs));
        const painted = median(loads.map((l) => l.painted));
        const all = median(loads.map((l) => l.allMs));
        const gap = Math.max(...loads.map((l) => l.gapMs));
        rows.push([clips.toLocaleString('en'), recordings, String(ready), String(painted), String(all), String(gap), loads[0].words.toLocaleString('en'),
          save.toFixed(1), ui.toFixed(0)]);
        targets.push({ name: `first render, ${clips.toLocaleString('en')} clips`, target: '< 2000 ms', value: `${painted} ms`, met: painted < 2000 });
        targets.push({ name: `longest frame gap while loading, ${clips.toLocaleString('en')} clips`, target: '< 500 ms', value: `${gap} ms`, met: gap < 500 });
        targets.push({ name: `save of one word (HTTP), ${clips.toLocaleString('en')} clips`, target: '< 100 ms', value: `${save.toFixed(1)} ms`, met: save < 100 });
      } finally {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await close();
  }
  return saveResult('review', {
    title: 'Review page: first render and a save',
    setup:
      "The QA report's synthetic run outputs (bench/qa-report.mjs: 200 word clips per recording, markers and 10 ms peaks) served by " +
      '`startReview` (port 0) and opened in Debian\'s headless Chromium, median of 3 fresh pages. "ready": the page\'s own time when the list ' +
      'and the first three recordings (words and waveform) are drawn; "first render": the first frame after it; "all words": every recording\'s ' +
      'words in the page (loaded two at a time in the background); "frame gap": the longest time between two animation frames from navigation ' +
      'to all words (a frozen page shows here). Save: one word replaced on a 200-word recording through /api/save (median of 9, timed in the page), ' +
      'and the whole double-click + type + Enter until the page has the answer (one, timed from Node through puppeteer).',
    table: {
      columns: [
        'clips',
        'recordings',
        'ready, ms',
        'first render, ms',
        'all words, ms',
        'longest frame gap, ms',
        '[data-word]',
        'save (HTTP), ms',
        'save (UI), ms',
      ],
      rows,
    },
    targets,
    commands: ['`node bench/run.mjs --only review` (in-process: bench/review.mjs; BENCH_SMALL=1 for 200 and 1,000 clips)'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await review();
