/**
 * The waveform canvas of the QA report (also drawn by the review page): clip spans over the 10 ms
 * min/max peaks of the recording, clip edges as lines, and timed words (markers) in a lane
 * underneath.
 */

const WAVE_HEIGHT = 96;
/** The marker lane under the waveform, CSS px. */
const LANE = 10;
/** The canvas's CSS height. */
export const WAVE_CSS_HEIGHT = WAVE_HEIGHT + LANE;

export interface Span {
  startMs: number;
  endMs: number;
}

export interface WaveClip extends Span {
  flagged: boolean;
}

export interface WavePeaks {
  /** Interleaved min/max per bucket. */
  minMax: Int8Array;
  bucketsPerSecond: number;
}

/** What one waveform shows. */
export interface WaveView {
  durationMs: number;
  clips: readonly WaveClip[];
  /** Undefined until the recording's details are loaded. */
  detail?: { peaks: WavePeaks | undefined; markers: readonly Span[] };
}

/** The part of a 2D context the drawing uses (a test can record it). */
export interface Painter {
  fillStyle: string | CanvasGradient | CanvasPattern;
  globalAlpha: number;
  fillRect(x: number, y: number, w: number, h: number): void;
}

/** Draw `view` into `canvas`, sized to its CSS width at the device pixel ratio; sets data-drawn. */
export function drawWave(canvas: HTMLCanvasElement, view: WaveView): void {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(100, Math.round(canvas.clientWidth * dpr));
  const h = Math.round((WAVE_HEIGHT + LANE) * dpr);
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  if (g !== null) paintWave(g, view, w, h, dpr);
  canvas.dataset['drawn'] = view.detail ? 'full' : 'clips';
}

/** The drawing itself, onto a `w`×`h` device-pixel surface. */
export function paintWave(g: Painter, view: WaveView, w: number, h: number, dpr: number): void {
  const waveH = WAVE_HEIGHT * dpr;
  const total = Math.max(1, view.durationMs);
  const x = (ms: number): number => ms / total * w;
  g.fillStyle = '#fbfbfd';
  g.fillRect(0, 0, w, h);
  for (const c of view.clips) {
    g.fillStyle = c.flagged ? 'rgba(232, 126, 4, 0.30)' : 'rgba(46, 110, 214, 0.14)';
    g.fillRect(x(c.startMs), 0, Math.max(1, x(c.endMs) - x(c.startMs)), waveH);
  }
  const peaks = view.detail?.peaks;
  if (peaks) drawPeaks(g, peaks, w, waveH, total, dpr);
  // Each clip as a band along the top (orange when flagged), its edges as lines through the wave.
  for (const c of view.clips) {
    const x0 = x(c.startMs);
    const x1 = Math.max(x0 + dpr, x(c.endMs));
    g.fillStyle = c.flagged ? '#e87e04' : '#2e6ed6';
    g.fillRect(x0, 0, x1 - x0, 5 * dpr);
    g.globalAlpha = 0.6;
    g.fillRect(x0, 0, dpr, waveH);
    g.fillRect(x1 - dpr, 0, dpr, waveH);
    g.globalAlpha = 1;
  }
  view.detail?.markers.forEach((m, i) => {
    g.fillStyle = i % 2 ? '#6b7a90' : '#a3b1c6';
    g.fillRect(x(m.startMs), waveH + 2 * dpr, Math.max(1, x(m.endMs) - x(m.startMs) - dpr), (LANE - 3) * dpr);
  });
}

/**
 * The lowest minimum and highest maximum of the buckets each of `w` pixel columns covers, over a
 * recording of `totalMs`; columns past the last bucket are left out.
 */
export function peakColumns(peaks: WavePeaks, w: number, totalMs: number): { lo: number; hi: number }[] {
  const { minMax } = peaks;
  const n = minMax.length / 2;
  const bucketsPerPx = totalMs * peaks.bucketsPerSecond / 1000 / w;
  const out: { lo: number; hi: number }[] = [];
  for (let px = 0; px < w; px++) {
    const b0 = Math.floor(px * bucketsPerPx);
    if (b0 >= n) break;
    const b1 = Math.min(n, Math.max(b0 + 1, Math.floor((px + 1) * bucketsPerPx)));
    let lo = 0;
    let hi = 0;
    for (let k = b0; k < b1; k++) {
      if (minMax[2 * k]! < lo) lo = minMax[2 * k]!;
      if (minMax[2 * k + 1]! > hi) hi = minMax[2 * k + 1]!;
    }
    out.push({ lo, hi });
  }
  return out;
}

/** One column per device pixel, scaled so the loudest bucket fills the height under the clip bands. */
function drawPeaks(g: Painter, peaks: WavePeaks, w: number, waveH: number, totalMs: number, dpr: number): void {
  let scale = 1;
  for (const v of peaks.minMax) scale = Math.max(scale, Math.abs(v));
  const top = 7 * dpr;
  const mid = (top + waveH) / 2;
  const amp = ((waveH - top) / 2 - 1) / scale;
  g.fillStyle = '#1f2d3d';
  peakColumns(peaks, w, totalMs).forEach(({ lo, hi }, px) => {
    g.fillRect(px, mid - hi * amp, 1, Math.max(1, (hi - lo) * amp));
  });
}
