// @vitest-environment happy-dom
/** The waveform drawing (src/report/page/wave.ts): peaks per pixel column, what is painted where, the canvas's state. */
import { describe, expect, it } from 'vitest';
import { drawWave, paintWave, peakColumns, WAVE_CSS_HEIGHT, type Painter, type WaveView } from '../../src/report/page/wave.js';

/** A painter that records each fillRect with the style and alpha it was drawn in. */
function recorder(): Painter & { rects: [string, number, number, number, number, number][] } {
  const rects: [string, number, number, number, number, number][] = [];
  return {
    rects, fillStyle: '', globalAlpha: 1,
    fillRect(x, y, w, h) { rects.push([String(this.fillStyle), this.globalAlpha, x, y, w, h]); },
  };
}

const PEAKS = { minMax: Int8Array.from([-10, 10, -50, 40, -5, 5, -1, 1]), bucketsPerSecond: 100 }; // 4 buckets of 10 ms

describe('peakColumns', () => {
  it('takes the lowest minimum and highest maximum of the buckets under each column', () => {
    expect(peakColumns(PEAKS, 2, 40)).toEqual([{ lo: -50, hi: 40 }, { lo: -5, hi: 5 }]);
  });

  it('repeats a bucket over the columns it spans when zoomed in', () => {
    expect(peakColumns(PEAKS, 8, 40).map((c) => c.hi)).toEqual([10, 10, 40, 40, 5, 5, 1, 1]);
  });

  it('stops at the last bucket when the recording runs longer than its peaks', () => {
    expect(peakColumns(PEAKS, 4, 80)).toEqual([{ lo: -50, hi: 40 }, { lo: -5, hi: 5 }]);
  });
});

describe('paintWave', () => {
  const view: WaveView = {
    durationMs: 1000,
    clips: [{ startMs: 250, endMs: 500, flagged: true }, { startMs: 600, endMs: 700, flagged: false }],
    detail: { peaks: undefined, markers: [{ startMs: 0, endMs: 100 }, { startMs: 100, endMs: 300 }] },
  };

  it('paints each clip as a band on top with its edges through the wave, orange when flagged', () => {
    const g = recorder();
    paintWave(g, view, 1000, WAVE_CSS_HEIGHT, 1);
    expect(g.rects.filter((r) => r[0] === '#e87e04')).toEqual([['#e87e04', 1, 250, 0, 250, 5], ['#e87e04', 0.6, 250, 0, 1, 96], ['#e87e04', 0.6, 499, 0, 1, 96]]);
    expect(g.rects.filter((r) => r[0] === '#2e6ed6')).toEqual([['#2e6ed6', 1, 600, 0, 100, 5], ['#2e6ed6', 0.6, 600, 0, 1, 96], ['#2e6ed6', 0.6, 699, 0, 1, 96]]);
    expect(g.globalAlpha).toBe(1);
  });

  it('paints the timed words in the lane under the wave, alternating shades', () => {
    const g = recorder();
    paintWave(g, view, 1000, WAVE_CSS_HEIGHT, 2);
    expect(g.rects.slice(-2)).toEqual([['#a3b1c6', 1, 0, 196, 98, 14], ['#6b7a90', 1, 100, 196, 198, 14]]);
  });

  it('draws one ink column per pixel of the peaks, the loudest filling the height under the bands', () => {
    const g = recorder();
    paintWave(g, { durationMs: 40, clips: [], detail: { peaks: PEAKS, markers: [] } }, 2, WAVE_CSS_HEIGHT, 1);
    // Under the 7 px of bands: mid 51.5, amplitude (44.5 - 1) / 50 per step.
    expect(g.rects.filter((r) => r[0] === '#1f2d3d')).toEqual([['#1f2d3d', 1, 0, 51.5 - 40 * 0.87, 1, 90 * 0.87], ['#1f2d3d', 1, 1, 51.5 - 5 * 0.87, 1, 10 * 0.87]]);
  });
});

describe('drawWave', () => {
  it('sizes the canvas to its width at the pixel ratio and says how much it drew', () => {
    const canvas = document.createElement('canvas');
    drawWave(canvas, { durationMs: 1000, clips: [] });
    expect([canvas.width, canvas.height, canvas.dataset['drawn']]).toEqual([100, WAVE_CSS_HEIGHT, 'clips']);
    drawWave(canvas, { durationMs: 1000, clips: [], detail: { peaks: undefined, markers: [] } });
    expect(canvas.dataset['drawn']).toBe('full');
  });
});
