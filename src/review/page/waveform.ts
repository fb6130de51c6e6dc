/**
 * A recording's waveform on the review page: drawn with its clips and its placed words, the words
 * written where there is room for them, and how wide it may be. It starts at least
 * {@link MIN_PX_PER_SECOND} wide per second of audio, zoomed by a power of two (wider than the page:
 * it scrolls), and never wider than {@link MAX_CANVAS_PX} device pixels (a canvas has limits).
 */
import { drawWave } from '../../report/page/wave.js';
import type { WordView } from '../view.js';
import type { LoadedRecording } from './review-page.js';

/** The widest a waveform may become, in device pixels (a canvas has limits). */
const MAX_CANVAS_PX = 16_000;
/** A recording's waveform starts at least this wide per second of audio (wider than the page: it scrolls). */
const MIN_PX_PER_SECOND = 40;

/** How many times its box's width (CSS pixels) a waveform may become. */
export function maxZoom(boxWidth: number): number {
  return Math.max(1, MAX_CANVAS_PX / (boxWidth * (window.devicePixelRatio || 1)));
}

/** The first zoom of a recording: at least {@link MIN_PX_PER_SECOND}, a power of two, at most `most`. */
export function startZoom(durationMs: number, boxWidth: number, most: () => number): number {
  const need = durationMs / 1000 * MIN_PX_PER_SECOND / boxWidth;
  return need <= 1 ? 1 : Math.min(most(), 2 ** Math.ceil(Math.log2(need)));
}

/** The words written on the waveform, where there is room for them. */
function labels(canvas: HTMLCanvasElement, rec: LoadedRecording, timed: readonly WordView[]): void {
  const g = canvas.getContext('2d');
  if (g === null) return;
  const dpr = window.devicePixelRatio || 1;
  const scale = canvas.width / Math.max(1, rec.durationMs);
  g.font = `${11 * dpr}px system-ui, sans-serif`;
  g.fillStyle = '#0b3d91';
  let next = 0;
  for (const w of timed) {
    const x = (w.startMs ?? 0) * scale;
    const width = g.measureText(w.text).width;
    if (x < next || width > ((w.endMs ?? 0) - (w.startMs ?? 0)) * scale + 40 * dpr) continue;
    g.fillText(w.text, x + 2 * dpr, canvas.height - 14 * dpr);
    next = x + width + 6 * dpr;
  }
}

/** Draw a recording's waveform on `canvas`: its clips (flagged apart), its peaks when loaded, its placed words. */
export function drawRecording(canvas: HTMLCanvasElement, rec: LoadedRecording): void {
  const timed = rec.words.filter((w) => w.startMs !== null && w.endMs !== null);
  drawWave(canvas, {
    durationMs: rec.durationMs,
    clips: rec.clips.map((c) => ({ startMs: c.startMs, endMs: c.endMs, flagged: c.flags !== '' })),
    detail: {
      peaks: rec.peaks && rec.peakBytes ? { minMax: rec.peakBytes, bucketsPerSecond: rec.peaks.bucketsPerSecond } : undefined,
      markers: timed.map((w) => ({ startMs: w.startMs ?? 0, endMs: w.endMs ?? 0 })),
    },
  });
  labels(canvas, rec, timed);
}
