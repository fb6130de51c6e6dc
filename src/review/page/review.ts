/**
 * The review page's recordings: the list (from /api/recordings), each recording's words on its
 * waveform (from /api/recording, loaded when its section nears the viewport and then in the
 * background, two at a time, so every recording gets its words without a long first render),
 * selecting and listening. edit.ts adds correcting through the {@link ReviewPage} this returns.
 */
import { decodeInt8, esc, fmtMs, plural } from '../../report/page/format.js';
import { drawWave, WAVE_CSS_HEIGHT } from '../../report/page/wave.js';
import type { RecordingList, RecordingListEntry, RecordingView, WordView } from '../view.js';
import { laneHtml, placeBoxes, wordClasses, wordTitle } from './lane.js';
import { doubtText, needsAttention, orderEntries, progressText, summaryOf } from './order.js';
import { wordAt, wordNear } from './timeline.js';

/** A recording as the page holds it: the server's view and its decoded peaks. */
export interface LoadedRecording extends RecordingView {
  peakBytes: Int8Array | undefined;
}

export interface Selection {
  source: string;
  index: number;
}

export interface ReviewPage {
  /** The session token every save carries. */
  token: string;
  /** Loaded recordings by source. */
  recordings: Map<string, LoadedRecording>;
  selection: Selection | null;
  status(message: string, bad?: boolean): void;
  section(source: string): HTMLElement | undefined;
  /** The recordings in display order (doubt first), with their words at a glance. */
  entries(): readonly RecordingListEntry[];
  /** Load a recording (once), resolved when it is shown. */
  load(source: string): Promise<void>;
  /** Show a recording's state as the server sent it (after a load, a save or a refused save). */
  setRecording(view: RecordingView): void;
  renderWords(source: string): void;
  /** Word `index` of `source` in the text. */
  wordElement(source: string, index: number): HTMLElement | null;
  /** Word `index` of `source` on the waveform (timed words only). */
  boxElement(source: string, index: number): HTMLElement | null;
  /** Widen (factor > 1) or narrow the waveform of `source`. */
  zoom(source: string, factor: number): void;
  select(source: string, index: number, scroll?: boolean): void;
  /** Play word `index` of `source`, stopping at its end. */
  playWord(source: string, index: number): void;
  /** Play or pause the whole recording of the selected word (from that word when starting anew). */
  togglePlay(source?: string): void;
}

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`the page has no #${id}`);
  return el as T;
}

function badges(e: RecordingListEntry): string {
  const out = [plural(e.clips, 'clip')];
  if (e.flagged) out.push(`<span class="flag">${e.flagged} flagged</span>`);
  if (e.disagreements) out.push(`<span class="flag">${plural(e.disagreements, 'word')} off the reference</span>`);
  out.push(e.corrected ? '<span class="ok">corrected</span>' : '<span class="muted">not corrected</span>');
  if (!e.playable) out.push('<span class="muted">no playable source audio</span>');
  const doubt = doubtText(e);
  if (doubt) out.push(e.doubtful > 0 ? `<span class="flag">${esc(doubt)}</span>` : esc(doubt));
  return out.join(' · ');
}

function sectionHtml(e: RecordingListEntry): string {
  return `<section class="rec" data-recording="${esc(e.source)}"><div class="rec-head"><h2>${esc(e.source)}</h2>` +
    `<button type="button" class="play-rec"${e.playable ? '' : ' disabled'}>Play</button>` +
    '<button type="button" data-action="verify" title="Mark every word of this recording as checked (Shift+V)">Verify all</button>' +
    `<span class="rec-state">${badges(e)}</span></div>` +
    `<div class="wave-box"><div class="wave-inner"><canvas class="wave" height="${WAVE_CSS_HEIGHT}" width="1000"></canvas><div class="hl" hidden></div>` +
    '<div class="lane"></div></div></div>' +
    '<p class="notice" hidden></p><p class="words muted">Loading words…</p></section>';
}

function wordHtml(w: WordView, i: number): string {
  return `<span class="w${wordClasses(w)}" data-w="${i}" title="${esc(wordTitle(w))}">${esc(w.text)}</span>`;
}

/** The widest a waveform may become, in device pixels (a canvas has limits). */
const MAX_CANVAS_PX = 16_000;
/** A recording's waveform starts at least this wide per second of audio (wider than the page: it scrolls). */
const MIN_PX_PER_SECOND = 40;

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

export function createReview(): ReviewPage {
  const player = byId<HTMLAudioElement>('player');
  const nowPlaying = byId('now-playing');
  const filter = byId<HTMLSelectElement>('filter');
  const sections = new Map<string, HTMLElement>();
  const requested = new Map<string, Promise<void>>();
  let entries: RecordingListEntry[] = []; // in display order
  const zooms = new Map<string, number>();
  let stopAt: number | null = null;
  let hlWord: HTMLElement | null = null;

  const page: ReviewPage = {
    token: document.querySelector<HTMLMetaElement>('meta[name="dictclip-token"]')?.content ?? '',
    recordings: new Map(),
    selection: null,
    status(message, bad) {
      const el = byId('status');
      el.textContent = message;
      el.className = bad ? 'bad' : '';
    },
    section: (source) => sections.get(source),
    entries: () => entries,
    load: (source) => load(source),
    setRecording(view) {
      // A save's answer has no peaks: the recording keeps those it was loaded with.
      const loaded = view.peaks === undefined ? page.recordings.get(view.source) : undefined;
      const rec: LoadedRecording = loaded
        ? { ...view, peaks: loaded.peaks ?? null, peakBytes: loaded.peakBytes }
        : { ...view, peakBytes: view.peaks ? decodeInt8(view.peaks.b64) : undefined };
      page.recordings.set(rec.source, rec);
      // For tests and the benchmark: when every recording has its words (ms since navigation start).
      if (page.recordings.size === entries.length) document.documentElement.dataset['allLoadedMs'] = String(Math.round(performance.now()));
      const entry = entries.find((e) => e.source === rec.source);
      if (entry) {
        Object.assign(entry, { corrected: rec.corrected }, summaryOf(rec.words));
        const state = sections.get(rec.source)?.querySelector('.rec-state');
        if (state) state.innerHTML = badges(entry);
        showProgress();
      }
      if (!zooms.has(rec.source)) zooms.set(rec.source, startZoom(rec));
      applyZoom(rec.source);
      page.renderWords(rec.source);
    },
    renderWords(source) {
      const rec = page.recordings.get(source);
      const el = sections.get(source)?.querySelector('.words');
      if (!rec || !el) return;
      if (rec.words.length === 0) { el.textContent = rec.text === '' ? 'No words were dictated.' : rec.text; return; }
      let html = '';
      let pos = 0;
      rec.words.forEach((w, i) => {
        html += esc(rec.text.slice(pos, w.textStart)) + wordHtml(w, i);
        pos = w.textStart + w.text.length;
      });
      el.innerHTML = html + esc(rec.text.slice(pos));
      el.classList.remove('muted');
      const lane = sections.get(source)?.querySelector<HTMLElement>('.lane');
      if (lane) {
        lane.innerHTML = laneHtml(rec.words);
        placeBoxes(lane, rec.words, rec.durationMs);
      }
      const notice = sections.get(source)?.querySelector<HTMLElement>('.notice');
      if (notice && rec.editsIgnored !== null) { notice.hidden = false; notice.textContent = rec.editsIgnored; }
      const sel = page.selection;
      if (sel && sel.source === source) page.select(source, Math.min(sel.index, rec.words.length - 1), false);
    },
    wordElement: (source, index) => sections.get(source)?.querySelector<HTMLElement>(`[data-w="${index}"]`) ?? null,
    boxElement: (source, index) => sections.get(source)?.querySelector<HTMLElement>(`[data-word="${index}"]`) ?? null,
    select(source, index, scroll) {
      document.querySelectorAll('.sel').forEach((el) => el.classList.remove('sel'));
      page.selection = index >= 0 ? { source, index } : null;
      const el = index >= 0 ? page.wordElement(source, index) : null;
      const box = index >= 0 ? page.boxElement(source, index) : null;
      box?.classList.add('sel');
      if (!el) return;
      el.classList.add('sel');
      if (scroll !== false) {
        el.scrollIntoView({ block: 'nearest' });
        box?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
    },
    zoom(source, factor) {
      const rec = page.recordings.get(source);
      if (!rec) return;
      zooms.set(source, Math.min(maxZoom(source), Math.max(1, (zooms.get(source) ?? 1) * factor)));
      applyZoom(source);
      const sel = page.selection;
      if (sel && sel.source === source) page.boxElement(source, sel.index)?.scrollIntoView({ block: 'nearest', inline: 'center' });
    },
    playWord(source, index) {
      const rec = page.recordings.get(source);
      const w = rec?.words[index];
      if (!rec || !w) return;
      if (!rec.audio) { nowPlaying.textContent = `The source audio of ${source} is not available to the browser.`; return; }
      if (w.startMs === null || w.endMs === null) { nowPlaying.textContent = `“${w.text}” is not placed in the audio.`; return; }
      useSource(source);
      player.currentTime = w.startMs / 1000;
      stopAt = w.endMs / 1000;
      start(`“${w.text}” in ${source} (${fmtMs(w.startMs)})`);
    },
    togglePlay(given) {
      const source = given ?? page.selection?.source ?? entries[0]?.source;
      const rec = source === undefined ? undefined : page.recordings.get(source);
      if (source === undefined || !rec || !rec.audio) return;
      if (!player.paused && player.dataset['source'] === source) { player.pause(); return; }
      const from = page.selection && page.selection.source === source ? rec.words[page.selection.index] : undefined;
      const resume = player.dataset['source'] === source && player.currentTime > 0 && !player.ended;
      useSource(source);
      if (!resume) player.currentTime = from && from.startMs !== null ? from.startMs / 1000 : 0;
      stopAt = null;
      start(source);
    },
  };

  function renderList(): void {
    const main = byId('recordings');
    if (entries.length === 0) { main.innerHTML = '<p class="muted">This run has no recording with clips or markers.</p>'; return; }
    main.innerHTML = entries.map(sectionHtml).join('');
    main.querySelectorAll<HTMLElement>('section.rec').forEach((el, i) => sections.set(entries[i]!.source, el));
    applyFilter();
  }

  function showProgress(): void {
    byId('progress').textContent = progressText(entries);
  }

  /** How many times the page's width the waveform of `source` may become. */
  function maxZoom(source: string): number {
    const box = sections.get(source)?.querySelector<HTMLElement>('.wave-box');
    return Math.max(1, MAX_CANVAS_PX / ((box?.clientWidth || 1000) * (window.devicePixelRatio || 1)));
  }

  /** The first zoom of a recording: at least {@link MIN_PX_PER_SECOND}, a power of two. */
  function startZoom(rec: LoadedRecording): number {
    const width = sections.get(rec.source)?.querySelector<HTMLElement>('.wave-box')?.clientWidth || 1000;
    const need = rec.durationMs / 1000 * MIN_PX_PER_SECOND / width;
    return need <= 1 ? 1 : Math.min(maxZoom(rec.source), 2 ** Math.ceil(Math.log2(need)));
  }

  function applyZoom(source: string): void {
    const inner = sections.get(source)?.querySelector<HTMLElement>('.wave-inner');
    if (inner) inner.style.width = `${(zooms.get(source) ?? 1) * 100}%`;
    draw(source);
  }

  function applyFilter(): void {
    const f = filter.value;
    for (const e of entries) {
      const show = f === 'all' || (f === 'attention' && needsAttention(e)) || (f === 'corrected' && e.corrected) || (f === 'uncorrected' && !e.corrected) ||
        (f === 'doubtful' && e.doubtful > 0) || (f === 'unverified' && e.verified < e.words);
      const section = sections.get(e.source);
      if (section) section.hidden = !show;
    }
  }

  function load(source: string): Promise<void> {
    const known = requested.get(source);
    if (known) return known;
    const loading = fetch(`/api/recording?source=${encodeURIComponent(source)}`)
      .then((res) => res.json() as Promise<RecordingView>)
      .then(page.setRecording)
      .catch((error: Error) => {
        const words = sections.get(source)?.querySelector('.words');
        if (words) words.textContent = `Cannot load this recording: ${error.message}`;
      });
    requested.set(source, loading);
    return loading;
  }

  function draw(source: string): void {
    const rec = page.recordings.get(source);
    const canvas = sections.get(source)?.querySelector('canvas');
    if (!rec || !canvas) return;
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

  // ---- playing ---------------------------------------------------------------------

  function useSource(source: string): void {
    if (player.dataset['source'] === source) return;
    player.dataset['source'] = source;
    player.src = `/api/audio?source=${encodeURIComponent(source)}`;
  }

  function start(label: string): void {
    nowPlaying.textContent = label;
    player.play().catch((error: { name: string; message: string }) => {
      if (error.name !== 'AbortError') nowPlaying.textContent = `Cannot play ${label}: ${error.message}`;
    });
  }

  function tick(): void {
    if (stopAt !== null && player.currentTime >= stopAt) { player.pause(); stopAt = null; }
    const source = player.dataset['source'];
    const rec = source === undefined ? undefined : page.recordings.get(source);
    if (source !== undefined && rec) karaoke(source, rec, wordAt(rec.words, player.currentTime * 1000));
    if (!player.paused) window.requestAnimationFrame(tick);
  }

  /** Mark the word playing, in the text and on the waveform. */
  function karaoke(source: string, rec: LoadedRecording, index: number): void {
    const el = index >= 0 ? page.wordElement(source, index) : null;
    if (el === hlWord) return;
    hlWord?.classList.remove('now');
    hlWord = el;
    const hl = sections.get(source)?.querySelector<HTMLElement>('.hl');
    if (!hl) return;
    const w = rec.words[index];
    if (!el || !w || w.startMs === null || w.endMs === null) { hl.hidden = true; return; }
    el.classList.add('now');
    const box = sections.get(source)?.querySelector('canvas')?.clientWidth ?? 0;
    hl.hidden = false;
    hl.style.left = `${w.startMs / Math.max(1, rec.durationMs) * box}px`;
    hl.style.width = `${Math.max(2, (w.endMs - w.startMs) / Math.max(1, rec.durationMs) * box)}px`;
  }

  player.addEventListener('playing', () => window.requestAnimationFrame(tick));
  player.addEventListener('timeupdate', tick);
  player.addEventListener('pause', () => {
    hlWord?.classList.remove('now');
    hlWord = null;
    const hl = sections.get(player.dataset['source'] ?? '')?.querySelector<HTMLElement>('.hl');
    if (hl) hl.hidden = true;
  });

  document.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const word = target.closest<HTMLElement>('[data-word], [data-w]');
    if (word && !target.closest('input, [data-edge]')) {
      const source = word.closest<HTMLElement>('[data-recording]')?.dataset['recording'] ?? '';
      const index = Number(word.dataset['word'] ?? word.dataset['w']);
      page.select(source, index, false);
      page.playWord(source, index);
      return;
    }
    const button = target.closest('.play-rec');
    if (button) { page.togglePlay(button.closest<HTMLElement>('[data-recording]')?.dataset['recording']); return; }
    if (target instanceof HTMLCanvasElement) {
      const rec = page.recordings.get(target.closest<HTMLElement>('[data-recording]')?.dataset['recording'] ?? '');
      if (!rec) return;
      const box = target.getBoundingClientRect();
      const near = wordNear(rec.words, (event.clientX - box.left) / box.width * rec.durationMs);
      if (near >= 0) { page.select(rec.source, near); page.playWord(rec.source, near); }
    }
  });

  // ---- loading ---------------------------------------------------------------------

  function loadAll(): void {
    const queue = entries.map((e) => e.source);
    const next = (): void => {
      const source = queue.shift();
      if (source !== undefined) void load(source).then(next);
    };
    next();
    next();
  }

  function observe(): void {
    const io = new IntersectionObserver((items) => {
      for (const item of items) {
        if (item.isIntersecting) { io.unobserve(item.target); void load((item.target as HTMLElement).dataset['recording'] ?? ''); }
      }
    }, { rootMargin: '600px 0px' });
    sections.forEach((section) => io.observe(section));
  }

  filter.addEventListener('change', applyFilter);

  fetch('/api/recordings').then((res) => res.json() as Promise<RecordingList>).then(async (data) => {
    entries = orderEntries(data.recordings);
    const doubtful = entries.filter((e) => e.doubtful > 0).length;
    byId('subtitle').textContent = `${plural(entries.length, 'recording')} · ${doubtful} with words in doubt · ` +
      `${entries.filter(needsAttention).length} needing attention · ${data.runDir}`;
    renderList();
    showProgress();
    observe();
    await Promise.all(entries.slice(0, 3).map((e) => load(e.source)));
    // For tests and the benchmark: the first recordings are drawn, and when (ms since navigation start).
    document.documentElement.dataset['readyMs'] = String(Math.round(performance.now()));
    document.documentElement.dataset['ready'] = '1';
    loadAll();
  }).catch((error: Error) => page.status(`Cannot load the run: ${error.message}`, true));

  return page;
}
