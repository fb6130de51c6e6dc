/**
 * QA report at scale: synthetic run outputs of 1,000 and 10,000 clips (manifest with flags, one
 * failure, summary, markers and waveform peaks per recording; no audio is needed to open the page),
 * then `buildReport` time, the report's size per clip, and the page's first render in headless
 * Chromium (file://): the page's own ready time and the first frame painted after it.
 * BENCH_SMALL=1 measures 200 and 1,000 clips instead.
 */
/* global document, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshDir, importDist, launchChromium, median, OUT, saveResult } from './lib.mjs';

const SIZES = process.env.BENCH_SMALL === '1' ? [200, 1000] : [1000, 10000];
const CLIPS_PER_RECORDING = 200;
const WORD_MS = 420;
const GAP_MS = 180;
const RUNS = 3;
const WORDS = ['please', 'call', 'stella', 'ask', 'her', 'to', 'bring', 'these', 'things', 'with', 'from', 'the', 'store'];

/** A run output of `clips` word clips over recordings of 200 words each (also used by bench/review.mjs). */
export async function syntheticRun(dir, clips, lib) {
  const { encodePeaks, recordingKey } = lib;
  const rows = ['file_name,text,source,start_ms,end_ms,duration_ms,kind,method,dictation_id,text_start,text_length,flags'];
  const recordings = Math.ceil(clips / CLIPS_PER_RECORDING);
  for (let r = 0; r < recordings; r++) {
    const source = `speaker${String(r % 7).padStart(2, '0')}/session-${String(r).padStart(4, '0')}.wav`;
    const key = recordingKey(source);
    const count = Math.min(CLIPS_PER_RECORDING, clips - r * CLIPS_PER_RECORDING);
    const words = [];
    let transcript = '';
    for (let i = 0; i < count; i++) {
      const text = WORDS[(i * 7 + r) % WORDS.length];
      const startMs = 300 + i * (WORD_MS + GAP_MS);
      words.push({ text, textStart: transcript.length, textLength: text.length, startMs, endMs: startMs + WORD_MS - (i % 5) * 40 });
      transcript += `${text} `;
    }
    for (const [i, w] of words.entries()) {
      const flags = i % 37 === 3 ? 'short-word' : i % 53 === 5 ? 'rate-outlier' : '';
      rows.push(
        `clips/${key}/${String(i).padStart(5, '0')}_${w.text}.wav,${w.text},${source},${w.startMs},${w.endMs},${w.endMs - w.startMs},word,new,d${r},${w.textStart},${w.textLength},${flags}`,
      );
    }
    const durationMs = 600 + count * (WORD_MS + GAP_MS);
    const markers = join(dir, 'markers', `${source}.json`);
    await mkdir(dirname(markers), { recursive: true });
    await writeFile(
      markers,
      JSON.stringify({
        source,
        method: 'new',
        dictationIds: [`d${r}`],
        transcript: transcript.trimEnd(),
        collapsed: false,
        warnings: [],
        markers: words,
      }),
    );
    const buckets = Math.ceil(durationMs / 10);
    const minMax = new Int8Array(buckets * 2);
    for (let b = 0; b < buckets; b++) {
      const level = Math.round(90 * Math.abs(Math.sin(b / 6)) * (((b * 10 - 300) % (WORD_MS + GAP_MS)) < WORD_MS ? 1 : 0.05));
      minMax[2 * b] = -level;
      minMax[2 * b + 1] = level;
    }
    await mkdir(join(dir, '.dictclip', 'peaks'), { recursive: true });
    await writeFile(join(dir, '.dictclip', 'peaks', `${key}.peaks`), encodePeaks({ bucketsPerSecond: 100, durationMs, minMax }));
  }
  await writeFile(join(dir, 'manifest.csv'), `${rows.join('\n')}\n`);
  await writeFile(
    join(dir, 'failures.csv'),
    'source,stage,code,message\nspeaker99/broken.wav,transcode,E_FFMPEG,ffmpeg could not decode speaker99/broken.wav\n',
  );
  await writeFile(join(dir, 'summary.json'), JSON.stringify({
    recordings: recordings + 1, done: recordings, failed: 1, skipped: 0, clips, wallTimeMs: 1000,
    stageMs: { transcode: 1, upload: 1, dictate: 1, markers: 1, cut: 1, output: 1 },
  }));
  return recordings;
}

async function folderBytes(dir) {
  let total = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) total += (await stat(join(e.parentPath, e.name))).size;
  return total;
}

async function pageTimes(browser, index) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30_000 });
  const times = await page.evaluate(() => new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({
      readyMs: Number(document.documentElement.dataset.readyMs), paintedMs: Math.round(performance.now()),
      clips: document.querySelectorAll('[data-clip]').length, audio: document.querySelectorAll('audio').length,
    })));
  }));
  // The legend's filter: from the click on a flag to the first frame painted with only its clips listed.
  const filter = await page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    document.querySelector('button[data-filter="short-word"]').click();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve({
      filterMs: Math.round(performance.now() - t0),
      shown: [...document.querySelectorAll('[data-clip]')].filter((el) => !el.hidden && !el.closest('section').hidden).length,
    })));
  }));
  Object.assign(times, filter);
  await page.close();
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  return times;
}

export default async function qaReport() {
  const lib = { ...(await importDist('run-output/peaks-file.js')), ...(await importDist('run-output/naming.js')) };
  const { buildReport } = (await importDist('report/index.js')) ?? {};
  if (buildReport === undefined) throw new Error('dist/report/index.js not built');
  const { browser, close } = await launchChromium();
  const rows = [];
  const targets = [];
  try {
    for (const clips of SIZES) {
      const dir = await freshDir(join(OUT, 'qa-report', `clips-${clips}`));
      const recordings = await syntheticRun(dir, clips, lib);
      const builds = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await buildReport(dir);
        builds.push(performance.now() - t0);
      }
      const reportDir = join(dir, 'report');
      const total = await folderBytes(reportDir);
      const peaksBytes = Math.ceil(((await folderBytes(join(dir, '.dictclip', 'peaks'))) - 16 * recordings) * 4 / 3);
      const perClip = (total - peaksBytes) / clips;
      const loads = [];
      for (let i = 0; i < RUNS; i++) loads.push(await pageTimes(browser, join(reportDir, 'index.html')));
      const ready = median(loads.map((l) => l.readyMs));
      const painted = median(loads.map((l) => l.paintedMs));
      const filtered = median(loads.map((l) => l.filterMs));
      rows.push([
        clips.toLocaleString('en'),
        recordings,
        `${(median(builds) / 1000).toFixed(2)}`,
        `${(total / 1024).toFixed(0)}`,
        perClip.toFixed(0),
        String(ready),
        String(painted),
        `${loads[0].clips} / ${loads[0].audio}`,
        `${filtered} (${loads[0].shown} shown)`,
      ]);
      targets.push({
        name: `filter by a flag, ${clips.toLocaleString('en')} clips`,
        target: '< 500 ms',
        value: `${filtered} ms`,
        met: filtered < 500,
      });
      targets.push({
        name: `first render, ${clips.toLocaleString('en')} clips`,
        target: '< 2000 ms',
        value: `${painted} ms`,
        met: painted < 2000,
      });
      targets.push({
        name: `report bytes per clip (peaks aside), ${clips.toLocaleString('en')} clips`,
        target: '≤ 300',
        value: perClip.toFixed(0),
        met: perClip <= 300,
      });
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await close();
  }
  const tenMinutePeaksKb = ((600 * 100 * 2 * 4) / 3 / 1024).toFixed(0);
  return saveResult('qa-report', {
    title: 'QA report: build time, size, first render and filter',
    setup:
      `Synthetic run outputs (${CLIPS_PER_RECORDING} word clips per recording, every 37th and 53rd clip flagged, one failure, ` +
      'markers and 10 ms waveform peaks per recording), built with `buildReport` (median of 3) and opened from file:// in ' +
      'Debian\'s headless Chromium (median of 3 fresh pages): "ready" is the page script\'s own time when everything is in the DOM, ' +
      '"first render" the first frame painted after it, both from navigation start; "filter" the time from a click on the legend\'s ' +
      '`short-word` to the next frame painted with only those clips listed.',
    table: {
      columns: [
        'clips',
        'recordings',
        'build, s',
        'report/, KiB',
        'bytes per clip (peaks aside)',
        'ready, ms',
        'first render, ms',
        '[data-clip] / <audio>',
        'filter by a flag, ms',
      ],
      rows,
    },
    targets,
    notes: [`A 10-minute recording's peaks take ${tenMinutePeaksKb} KiB in the report (100 min/max pairs per second, int8, base64).`],
    commands: ['`node bench/run.mjs --only qa-report` (in-process: bench/qa-report.mjs; BENCH_SMALL=1 for 200 and 1,000 clips)'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await qaReport();
