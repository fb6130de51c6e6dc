/**
 * The words on the waveform: under the canvas, one box per timed word (`[data-word]`, its times in
 * `data-start-ms`/`data-end-ms`) with a handle at each edge (`[data-edge="start"]`/`"end"`) that a
 * person drags with the mouse (pointer events) to set that edge; the word keeps clear of its
 * neighbours and at least {@link MIN_WORD_MS} long. Positions are shares of the recording, so a
 * zoom only widens the lane.
 */
import { esc, fmtMs } from '../../report/page/format.js';
import type { WordView } from '../view.js';

/** The shortest a dragged or nudged word may become, ms. */
export const MIN_WORD_MS = 10;

export type Edge = 'start' | 'end';

/** The classes a word's state gives it, in the text and on the waveform. */
export function wordClasses(w: WordView): string {
  return (w.changed ? ' changed' : '') + (w.startMs === null ? ' untimed' : '') + (w.status && w.status !== 'matched' ? ` st-${esc(w.status)}` : '') +
    (w.edited ? ' edited' : '') + (w.verified ? ' verified' : '') + (w.doubtful ? ' doubt' : '');
}

/** What a word's tooltip says: its times, how it was placed, its confidence, whether it was checked. */
export function wordTitle(w: WordView): string {
  const times = w.startMs === null || w.endMs === null ? 'not placed in the audio' : `${fmtMs(w.startMs)}–${fmtMs(w.endMs)}`;
  return times + (w.status ? ` · ${w.status}` : '') + (w.confidence === null ? '' : ` · confidence ${w.confidence.toFixed(2)}`) +
    (w.edited ? ' · times set by hand' : '') + (w.verified ? ' · verified' : '') + (w.doubtful ? ' · in doubt' : '');
}

/** The lane's boxes: one per timed word, in text order. */
export function laneHtml(words: readonly WordView[]): string {
  let html = '';
  words.forEach((w, i) => {
    if (w.startMs === null || w.endMs === null) return;
    html +=
      `<span class="lw${wordClasses(w)}" data-word="${i}" data-start-ms="${w.startMs}" data-end-ms="${w.endMs}" title="${esc(wordTitle(w))}">` +
      `<span class="edge" data-edge="start"></span><span class="lt">${esc(w.text)}</span><span class="edge" data-edge="end"></span></span>`;
  });
  return html;
}

/** Put a box where its times are (CSS from script: the page's policy allows no style attributes). */
export function placeBox(box: HTMLElement, startMs: number, endMs: number, durationMs: number): void {
  const total = Math.max(1, durationMs);
  box.style.left = `${startMs / total * 100}%`;
  box.style.width = `${Math.max(0, endMs - startMs) / total * 100}%`;
  box.dataset['startMs'] = String(startMs);
  box.dataset['endMs'] = String(endMs);
}

export function placeBoxes(lane: HTMLElement, words: readonly WordView[], durationMs: number): void {
  lane.querySelectorAll<HTMLElement>('[data-word]').forEach((box) => {
    const w = words[Number(box.dataset['word'])];
    if (w && w.startMs !== null && w.endMs !== null) placeBox(box, w.startMs, w.endMs, durationMs);
  });
}

/**
 * Where edge `edge` of word `index` may go: not over its timed neighbours (or where they already
 * overlap it, not further), not past the recording, keeping the word {@link MIN_WORD_MS} long.
 */
export function edgeRange(words: readonly WordView[], index: number, edge: Edge, durationMs: number): [number, number] {
  const w = words[index]!;
  const start = w.startMs ?? 0;
  const end = w.endMs ?? 0;
  if (edge === 'start') {
    let before: number | null = null;
    for (let i = index - 1; i >= 0 && before === null; i--) before = words[i]!.endMs;
    return [Math.min(start, before ?? 0), Math.max(start, end - MIN_WORD_MS)];
  }
  let after: number | null = null;
  for (let i = index + 1; i < words.length && after === null; i++) after = words[i]!.startMs;
  return [Math.min(end, start + MIN_WORD_MS), Math.max(end, after ?? durationMs)];
}

/** Word `index`'s times with edge `edge` moved by `deltaMs`, kept in its {@link edgeRange}; whole ms. */
export function movedTimes(
  words: readonly WordView[],
  index: number,
  edge: Edge,
  deltaMs: number,
  durationMs: number,
): { startMs: number; endMs: number } {
  const w = words[index]!;
  const [lo, hi] = edgeRange(words, index, edge, durationMs);
  const at = Math.round(Math.min(hi, Math.max(lo, (edge === 'start' ? (w.startMs ?? 0) : (w.endMs ?? 0)) + deltaMs)));
  return edge === 'start' ? { startMs: at, endMs: w.endMs ?? 0 } : { startMs: w.startMs ?? 0, endMs: at };
}

/** What a drag needs of the page. */
export interface DragHost {
  /** The words and length of a loaded recording. */
  recording(source: string): { words: readonly WordView[]; durationMs: number } | undefined;
  /** A drag began on word `index` (select it). */
  grabbed(source: string, index: number): void;
  /** A drag ended with new times (save them). */
  dropped(source: string, index: number, startMs: number, endMs: number): void;
}

/** Let a person drag the edge handles of every lane on the page. */
export function installDrag(host: DragHost): void {
  document.addEventListener('pointerdown', (event) => {
    const handle = (event.target as HTMLElement).closest<HTMLElement>('[data-edge]');
    const box = handle?.closest<HTMLElement>('[data-word]');
    const lane = box?.parentElement;
    const source = box?.closest<HTMLElement>('[data-recording]')?.dataset['recording'];
    const rec = source === undefined ? undefined : host.recording(source);
    if (!handle || !box || !lane || source === undefined || !rec || event.button !== 0) return;
    event.preventDefault();
    const index = Number(box.dataset['word']);
    const edge: Edge = handle.dataset['edge'] === 'start' ? 'start' : 'end';
    const msPerPx = rec.durationMs / Math.max(1, lane.getBoundingClientRect().width);
    const x0 = event.clientX;
    let times = { startMs: rec.words[index]?.startMs ?? 0, endMs: rec.words[index]?.endMs ?? 0 };
    const first = times;
    host.grabbed(source, index);
    handle.setPointerCapture(event.pointerId);
    box.classList.add('dragging');
    const move = (e: PointerEvent): void => {
      times = movedTimes(rec.words, index, edge, (e.clientX - x0) * msPerPx, rec.durationMs);
      placeBox(box, times.startMs, times.endMs, rec.durationMs);
    };
    const end = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('lostpointercapture', end);
      box.classList.remove('dragging');
      if (times.startMs !== first.startMs || times.endMs !== first.endMs) host.dropped(source, index, times.startMs, times.endMs);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('lostpointercapture', end);
  });
}
