/**
 * Edges, doubt and verification on the review page in headless Chromium, as a person (and an
 * outside check) does them: drag a word's edge handle with the mouse, nudge edges with keys, split
 * and join, `v` on the selected word and a recording's Verify all control, `n` to the next word in
 * doubt, and all of it with the keyboard alone; each checked in corrections/<source>.words.json.
 * The run is test/report's fixture with an alignment of talk.wav that carries word confidences.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/files.js';
import { writeAlignment, type AlignedWord } from '../../src/run-output/alignments.js';
import { QUIET, TALK_WORDS, type RunFixture } from '../report/fixture.js';
import { openReviewPage, reviewFixture, savesDone as savesInAll } from './page.js';

interface ElementLike { currentTime: number; paused: boolean; textContent: string | null }
declare const document: { getElementById(id: string): ElementLike; documentElement: { dataset: Record<string, string | undefined> } };

const TALK = '[data-recording="talk.wav"]';
const MEMO = '[data-recording="notes/memo.wav"]';
const TEXT = 'Please call stella today.';
/** Confidence of each word of talk.wav: `call` and `today` are in doubt (under 0.5). */
const CONFIDENCE = [0.91, 0.32, 0.88, 0.12];

const fixture = reviewFixture('review-edges', async (run: RunFixture) => {
  // talk.wav aligned with a reference, as a run with --transcripts writes it, each word with its confidence.
  let at = 0;
  const words = TALK_WORDS.map((w, i): AlignedWord => {
    const text = TEXT.split(' ')[i]!.replace('.', '');
    const textStart = TEXT.indexOf(text, at);
    at = textStart + text.length;
    return {
      text,
      textStart,
      textLength: text.length,
      startMs: w.startMs,
      endMs: w.endMs,
      placement: 'matched',
      heard: 'matched',
      confidence: CONFIDENCE[i]!,
    };
  });
  await mkdir(path.join(run.out, 'alignments'));
  writeAlignment(run.out, {
    version: 1, source: 'talk.wav', reference: 'talk.txt', align: 'text', text: `${TEXT}\n`,
    agreement: { words: 4, matched: 4, substituted: 0, unheard: 0, extra: 0, wer: 0, unaligned: 0 }, words,
  });
  // The fixture cuts its tone bursts with --confidence-threshold 0 (no clip flagged low-confidence); the review judges
  // words by the default 0.5, and the memo's one low timed-transcript confidence is set high, so only talk.wav has doubt.
  const record = JSON.parse(await readFile(path.join(run.out, 'run.json'), 'utf8')) as { options: Record<string, unknown> };
  record.options['confidenceThreshold'] = 0.5;
  await writeFile(path.join(run.out, 'run.json'), JSON.stringify(record));
  const memo = path.join(run.out, 'transcripts', 'notes', 'memo.wav.json');
  const timed = JSON.parse(await readFile(memo, 'utf8')) as { words: Record<string, unknown>[] };
  for (const w of timed.words) w['confidence'] = 0.9;
  await writeFile(memo, JSON.stringify(timed));
});

async function open(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openReviewPage(fixture.chromium.browser, fixture.review.url);
  await opened.page.waitForSelector('html[data-all-loaded-ms]');
  return opened;
}

let saves = 0;
/** Wait until the page has had `n` more saves answered than before (counted per page: reset on open). */
async function savesDone(page: Page, n: number): Promise<void> {
  saves += n;
  await savesInAll(page, saves);
}

interface SavedEdit { textStart: number; textLength: number; startMs?: number; endMs?: number; verified?: boolean }
const savedWords = async (): Promise<{ textSha256: string; words: SavedEdit[] }> =>
  JSON.parse(await readFile(path.join(fixture.run.out, 'corrections', 'talk.wav.words.json'), 'utf8')) as {
    textSha256: string;
    words: SavedEdit[];
  };
const savedText = (): Promise<string> => readFile(path.join(fixture.run.out, 'corrections', 'talk.wav.txt'), 'utf8');

/** Each word box on the waveform of a recording: [text, data-start-ms, data-end-ms]. */
const boxes = (page: Page, recording = TALK): Promise<[string, number, number][]> =>
  page.$$eval(`${recording} [data-word]`, (els) =>
    els.map(
      (el) =>
        [el.textContent ?? '', Number(el.getAttribute('data-start-ms')), Number(el.getAttribute('data-end-ms'))] as [
          string,
          number,
          number,
        ],
    ),
  );

/** Drag the `edge` handle of word `index` by `dx` CSS pixels with the mouse, in steps; the expected ms the edge moves by. */
async function drag(page: Page, index: number, edge: 'start' | 'end', dx: number): Promise<number> {
  const handle = await page.$(`${TALK} [data-word="${index}"] [data-edge="${edge}"]`);
  const box = await handle!.boundingBox();
  const lane = await page.$eval(`${TALK} .lane`, (el) => el.getBoundingClientRect().width);
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 3 });
  await page.mouse.move(x + dx, y, { steps: 3 });
  await page.mouse.up();
  return Math.round(dx * 3000 / lane); // talk.wav is 3,000 ms long
}

describe('review page: edges, doubt, verification', () => {
  it('puts the recording with words in doubt first, says its share, and shows the progress', async () => {
    const { page, errors } = await open();
    expect(await page.$$eval('[data-recording]', (els) => els.map((el) => el.getAttribute('data-recording')))).toEqual([
      'talk.wav',
      'notes/memo.wav',
      QUIET,
    ]);
    expect(await page.$eval(`${TALK} .rec-state`, (el) => el.textContent)).toContain('2 of 4 words in doubt (50 %) · 0 verified');
    expect(await page.$eval('#progress', (el) => el.textContent)).toBe('0 of 8 words verified');
    expect(await page.$$eval(`${TALK} [data-word].doubt`, (els) => els.map((el) => el.textContent))).toEqual(['call', 'today']);
    expect(await boxes(page)).toEqual([['Please', 300, 700], ['call', 900, 1400], ['stella', 1700, 2200], ['today', 2400, 2800]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('drags a word\'s end and start with the mouse and saves the times at once', async () => {
    saves = 0;
    const { page, errors } = await open();
    const later = await drag(page, 1, 'end', 24);
    await savesDone(page, 1);
    expect(later).toBeGreaterThan(10);
    expect((await boxes(page))[1]).toEqual(['call', 900, 1400 + later]);
    expect(await savedWords()).toEqual({
      version: 1,
      source: 'talk.wav',
      textSha256: sha256(TEXT),
      words: [{ textStart: 7, textLength: 4, startMs: 900, endMs: 1400 + later }],
    });
    expect(await savedText()).toBe(`${TEXT}\n`);

    const earlier = await drag(page, 2, 'start', -16);
    await savesDone(page, 1);
    expect((await boxes(page))[2]).toEqual(['stella', 1700 + earlier, 2200]);
    // A drag stops at the neighbour: `stella` cannot start before `call` ends.
    await drag(page, 2, 'start', -600);
    await savesDone(page, 1);
    expect((await boxes(page))[2]).toEqual(['stella', 1400 + later, 2200]);
    expect((await savedWords()).words).toEqual([
      { textStart: 7, textLength: 4, startMs: 900, endMs: 1400 + later },
      { textStart: 12, textLength: 6, startMs: 1400 + later, endMs: 2200 },
    ]);
    // Undo puts the times back as they were before the last change.
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    await savesDone(page, 1);
    expect((await boxes(page))[2]).toEqual(['stella', 1700 + earlier, 2200]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('nudges edges by 5 ms and 1 ms, splits, joins and verifies with keys alone', async () => {
    saves = 0;
    const { page, errors } = await open();
    const start = await boxes(page);
    await page.focus('body');
    // With nothing selected, → selects the first word of the first recording; → again the next.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.$eval(`${TALK} [data-word].sel`, (el) => el.textContent)).toBe('call');
    await page.keyboard.press('a'); // start 5 ms earlier
    await page.keyboard.press('s'); // start 5 ms later
    await page.keyboard.press('a');
    await page.keyboard.down('Shift');
    await page.keyboard.press('F'); // end 1 ms later
    await page.keyboard.press('A'); // start 1 ms earlier
    await page.keyboard.up('Shift');
    await savesDone(page, 5);
    expect((await boxes(page))[1]).toEqual(['call', 900 - 6, start[1]![2] + 1]);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // `today` played to its end: the split is by its letters, not at the playing time.
    await page.waitForFunction(() => document.getElementById('player').paused && document.getElementById('player').currentTime >= 2.8);
    await page.keyboard.press('b');
    await savesDone(page, 1);
    expect(await savedText()).toBe('Please call stella to day.\n');
    expect((await boxes(page)).slice(3)).toEqual([['to', 2400, 2560], ['day', 2560, 2800]]);
    await page.keyboard.press('g');
    await savesDone(page, 1);
    expect(await savedText()).toBe(`${TEXT}\n`);
    expect((await boxes(page))[3]).toEqual(['today', 2400, 2800]);

    await page.keyboard.press('v');
    await savesDone(page, 1);
    expect((await savedWords()).words.find((w) => w.textStart === 19)).toEqual({
      textStart: 19,
      textLength: 5,
      startMs: 2400,
      endMs: 2800,
      verified: true,
    });
    // v again keeps it verified; u takes the mark off, v puts it back.
    await page.keyboard.press('v');
    await savesDone(page, 1);
    expect(await page.$eval('#progress', (el) => el.textContent)).toBe('1 of 8 words verified');
    await page.keyboard.press('u');
    await savesDone(page, 1);
    expect(await page.$eval('#progress', (el) => el.textContent)).toBe('0 of 8 words verified');
    await page.keyboard.press('v');
    await savesDone(page, 1);
    expect(await page.$eval('#progress', (el) => el.textContent)).toBe('1 of 8 words verified');
    expect(await page.$eval(`${TALK} .rec-state`, (el) => el.textContent)).toContain('1 of 4 words in doubt (25 %) · 1 verified');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('jumps to the next word in doubt with n, and verifies a whole recording by its control', async () => {
    saves = 0;
    const { page, errors } = await open();
    await page.keyboard.press('n');
    await page.waitForSelector(`${TALK} [data-word].sel`);
    expect(await page.$eval(`${TALK} [data-word].sel`, (el) => el.textContent)).toBe('call');
    await page.keyboard.press('n'); // `today` is verified now: no longer in doubt; back to `call`
    expect(await page.$eval(`${TALK} [data-word].sel`, (el) => el.textContent)).toBe('call');

    // A save's answer comes without the peaks: the waveform is drawn on with those the page loaded.
    const wave = (): Promise<string> => page.$eval(`${MEMO} canvas`, (el) => (el as unknown as { toDataURL(): string }).toDataURL());
    const drawn = await wave();
    await page.click(`${MEMO} [data-action="verify"]`);
    await savesDone(page, 1);
    expect(await page.$eval('#progress', (el) => el.textContent)).toBe('5 of 8 words verified');
    expect(await wave()).toBe(drawn);
    const memo = JSON.parse(await readFile(path.join(fixture.run.out, 'corrections', 'notes', 'memo.wav.words.json'), 'utf8')) as {
      words: SavedEdit[];
    };
    expect(memo.words.map((w) => w.verified)).toEqual([true, true, true, true]);

    // Keyboard only: Tab to talk.wav's Verify all button, Enter presses it.
    await page.focus(`${TALK} .play-rec`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await savesDone(page, 1);
    expect(await page.$eval('#progress', (el) => el.textContent)).toBe('8 of 8 words verified');
    expect((await savedWords()).words.map((w) => w.verified)).toEqual([true, true, true, true]);
    await page.keyboard.press('n');
    await page.waitForFunction(() => document.getElementById('status').textContent === 'No word in doubt is left.');
    expect(errors).toEqual([]);
    await page.close();
  });
});
