/**
 * The report's player never hides anything: at common window sizes, every control of the page
 * (navigation, the flag legend's buttons, the clips' links) can be brought into view and is then
 * the element a click there reaches. A player fixed over the page covered the legend at
 * 1280×1000 and whatever was scrolled to the bottom edge.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { launchChromium, openReport, type OpenedBrowser } from './browser.js';
import { makeRun, type RunFixture } from './fixture.js';

// Browser globals used inside page functions (the project compiles without the DOM lib).
interface Box { top: number; bottom: number; left: number; right: number }
interface El {
  getBoundingClientRect(): Box;
  scrollIntoView(options: { block: string }): void;
  contains(other: unknown): boolean;
  outerHTML: string;
  parentElement: El | null;
}
declare const document: {
  querySelectorAll(selector: string): El[];
  elementFromPoint(x: number, y: number): unknown;
  getElementById(id: string): El;
};
declare const window: { innerHeight: number; innerWidth: number };
/** What the page shows of its content: its top row, in CSS px from the start of the content. */
const scrolled = (): number => (document.getElementById('page') as unknown as { scrollTop: number }).scrollTop;
declare function getComputedStyle(el: El): { overflowY: string };

let run: RunFixture;
let chromium: OpenedBrowser;

beforeAll(async () => {
  run = await makeRun(await tempDir('report-layout'));
  chromium = await launchChromium();
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await removeTempDirs();
});

const CONTROLS = 'nav a, button[data-filter], [data-clip] a, .rec-meta a';

describe('the report at common window sizes', () => {
  for (const [width, height] of [[1280, 800], [1280, 1000], [1920, 1080]] as const) {
    it(`hides no control under the player at ${width}×${height}`, async () => {
      const { page, errors } = await openReport(chromium.browser, path.join(run.out, 'report', 'index.html'));
      try {
        await page.setViewport({ width, height });
        const found = await page.evaluate((selector) => {
          /** The rows the page shows `el` in: the window's, cut by every box around it that scrolls. */
          const shown = (el: El): [number, number] => {
            let top = 0;
            let bottom = window.innerHeight;
            for (let a = el.parentElement; a !== null; a = a.parentElement) {
              if (getComputedStyle(a).overflowY === 'visible') continue;
              const box = a.getBoundingClientRect();
              top = Math.max(top, box.top);
              bottom = Math.min(bottom, box.bottom);
            }
            return [top, bottom];
          };
          /** Controls shown (their centre inside what the page shows of them) that a click there does not reach. */
          const covered = (): string[] => [...document.querySelectorAll(selector)].flatMap((el) => {
            const box = el.getBoundingClientRect();
            const x = (box.left + box.right) / 2;
            const y = (box.top + box.bottom) / 2;
            const [top, bottom] = shown(el);
            if (y < top || y >= bottom || box.bottom === box.top) return [];
            return el.contains(document.elementFromPoint(x, y)) ? [] : [el.outerHTML.slice(0, 80)];
          });
          const controls = [...document.querySelectorAll(selector)];
          const atStart = covered();
          // Each control brought to the bottom edge of what the page shows, the worst place for it.
          const atBottom = controls.flatMap((el) => {
            el.scrollIntoView({ block: 'end' });
            const box = el.getBoundingClientRect();
            const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
            return el.contains(hit) ? [] : [el.outerHTML.slice(0, 80)];
          });
          const player = document.getElementById('player').getBoundingClientRect();
          return { controls: controls.length, atStart, atBottom, playerBottom: Math.round(player.bottom) };
        }, CONTROLS);
        // 4 links, any flag + utterance, 5 clips, 2 source audio links (talk, quiet; memo's source is linked too).
        expect(found.controls).toBeGreaterThanOrEqual(12);
        expect(found.atStart).toEqual([]);
        expect(found.atBottom).toEqual([]);
        expect(found.playerBottom).toBeLessThanOrEqual(height); // the player itself is on screen
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it('scrolls with the keys from the start, as a page does', async () => {
    const { page, errors } = await openReport(chromium.browser, path.join(run.out, 'report', 'index.html'));
    try {
      await page.setViewport({ width: 1280, height: 800 });
      expect(await page.evaluate(scrolled)).toBe(0);
      await page.keyboard.press('PageDown');
      await page.waitForFunction(scrolled, { timeout: 5000 });
      await page.keyboard.press('End');
      await page.waitForFunction(
        (before: number) => (document.getElementById('page') as unknown as { scrollTop: number }).scrollTop > before,
        { timeout: 5000 },
        await page.evaluate(scrolled),
      );
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
