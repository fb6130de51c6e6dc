/**
 * The dictclip QA report page, bundled into one script (scripts/build-pages.mjs) that index.html
 * holds: it reads the run from the page's JSON element (data.ts), renders the overview, the flag
 * legend, the failures and the recordings, and plays what is clicked.
 */
import { DATA_ELEMENT_ID, type ReportData } from '../data.js';
import { CONFIDENCE_PREFIX, filterClips, renderFlagged } from './flags.js';
import { fmtMs, href, plural } from './format.js';
import { renderFailures, renderOverview } from './overview.js';
import { createPlayer } from './player.js';
import { renderRecordings } from './recordings.js';
import { clipPath, pageRun } from './run.js';

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`the page has no #${id}`);
  return el as T;
}

const run = pageRun(JSON.parse(byId(DATA_ELEMENT_ID).textContent ?? '{}') as ReportData);
const player = createPlayer(byId<HTMLAudioElement>('player'), byId('now-playing'));

/** Play a stretch of a recording, stopping at its end: from its source audio, else from the clip that holds it. */
function playStretch(index: number, fromMs: number, toMs: number, label: string, el: Element | null): void {
  const r = run.recordings[index];
  if (!r) return;
  if (r.data.audioHref) { player.playRange(r.data.audioHref, fromMs, toMs, label, el); return; }
  const midMs = (fromMs + toMs) / 2;
  const clip = r.clips.find((c) => c.startMs <= midMs && midMs <= c.endMs);
  if (!clip) { player.say(`No audio for ${label} (its source is not linked and no clip holds it).`); return; }
  player.playRange(`../${href(clipPath(r, clip))}`, fromMs - clip.startMs, Math.min(toMs, clip.endMs) - clip.startMs, label, el);
}

function playAt(canvas: HTMLCanvasElement, event: MouseEvent): void {
  const section = canvas.closest<HTMLElement>('[data-recording]');
  const index = Number(section?.dataset['index']);
  const r = run.recordings[index];
  if (!r) return;
  const box = canvas.getBoundingClientRect();
  const ms = (event.clientX - box.left) / box.width * r.data.durationMs;
  const ci = r.clips.findIndex((c) => c.startMs <= ms && ms <= c.endMs);
  const el = ci >= 0 ? document.getElementById(`clip-${index}-${ci}`) : null;
  if (el) player.play(el.dataset['src'] ?? '', el.dataset['clip'] ?? '', el);
  else playStretch(index, ms, Math.min(r.data.durationMs, ms + 3000), `${r.data.source} at ${fmtMs(ms)}`, null);
}

const s = run.data.summary;
byId('subtitle').textContent = `${plural(s.recordings ?? run.recordings.length, 'recording')} · ${plural(run.data.failures.length, 'failure')}` +
  `${s.inputDir ? ` · input ${s.inputDir}` : ''}`;
renderOverview(run, byId('overview'));
renderFlagged(run, byId('flagged-body'));
renderFailures(run, byId('failures-body'));
const recordings = renderRecordings(run, byId('recordings-body'));

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const filter = target.closest<HTMLElement>('[data-filter]');
  if (filter) { filterClips(run, filter.dataset['filter'] || null); return; }
  if (target.closest('[data-confidence-filter]')) {
    const below = Number((document.getElementById('confidence-below') as HTMLInputElement | null)?.value);
    if (below >= 0 && below <= 1) filterClips(run, `${CONFIDENCE_PREFIX}${below}`);
    return;
  }
  const clipEl = target.closest<HTMLElement>('[data-clip]');
  if (clipEl) {
    event.preventDefault();
    player.play(clipEl.dataset['src'] ?? '', clipEl.dataset['clip'] ?? '', clipEl);
    return;
  }
  const word = target.closest<HTMLElement>('.word');
  if (word) {
    const index = Number(word.closest<HTMLElement>('[data-recording]')?.dataset['index']);
    const m = recordings.detail(index)?.markers[Number(word.dataset['marker'])];
    const r = run.recordings[index];
    if (m && r) playStretch(index, m.startMs, m.endMs, `“${word.textContent ?? ''}” in ${r.data.source}`, word);
    return;
  }
  if (target instanceof HTMLCanvasElement && target.closest('[data-recording]')) playAt(target, event);
});

// The page scrolls in its own box above the player: it takes the keys that scroll (Space, PageDown …),
// from the first frame on (focusing lays the page out: not before it is rendered).
const scroller = byId('page');
window.requestAnimationFrame(() => scroller.focus({ preventScroll: true }));

// Lazy drawing: a section's details load when it nears the visible part; a resize redraws what is drawn.
const sections = document.querySelectorAll<HTMLElement>('section.rec');
const io = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    io.unobserve(entry.target);
    recordings.load(Number((entry.target as HTMLElement).dataset['index']));
  }
}, { root: scroller, rootMargin: '400px 0px' });
sections.forEach((section) => io.observe(section));
let resizeTimer = 0;
window.addEventListener('resize', () => {
  window.clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(() => {
    document.querySelectorAll<HTMLElement>('canvas[data-drawn]').forEach((c) => recordings.draw(Number(c.closest<HTMLElement>('section')?.dataset['index'])));
  }, 150);
});

// For tests and the benchmark: rendered, and when (ms since navigation start).
document.documentElement.dataset['readyMs'] = String(Math.round(performance.now()));
document.documentElement.dataset['ready'] = '1';
