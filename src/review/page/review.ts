/**
 * The review page's recordings: the list (from /api/recordings), each recording's words on its
 * waveform (from /api/recording, loaded when its section nears the viewport and then in the
 * background, two at a time, so every recording gets its words without a long first render),
 * selecting, zooming and filtering. Listening is playback.ts's, the markup recording-html.ts's and
 * the waveform waveform.ts's; edit.ts adds correcting through the {@link ReviewPage} this returns.
 */
import { decodeInt8, plural } from '../../report/page/format.js';
import type { RecordingList, RecordingListEntry, RecordingView } from '../view.js';
import { laneHtml, placeBoxes } from './lane.js';
import { needsAttention, orderEntries, progressText, summaryOf } from './order.js';
import { createPlayback } from './playback.js';
import { badges, sectionHtml, textHtml } from './recording-html.js';
import type { LoadedRecording, ReviewPage } from './review-page.js';
import { drawRecording, maxZoom, startZoom } from './waveform.js';

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`the page has no #${id}`);
  return el as T;
}

export function createReview(): ReviewPage {
  const filter = byId<HTMLSelectElement>('filter');
  const sections = new Map<string, HTMLElement>();
  const requested = new Map<string, Promise<void>>();
  let entries: RecordingListEntry[] = []; // in display order
  const zooms = new Map<string, number>();

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
      if (!zooms.has(rec.source)) {
        const width = waveWidth(rec.source);
        zooms.set(rec.source, startZoom(rec.durationMs, width, () => maxZoom(width)));
      }
      applyZoom(rec.source);
      page.renderWords(rec.source);
    },
    renderWords(source) {
      const rec = page.recordings.get(source);
      const el = sections.get(source)?.querySelector('.words');
      if (!rec || !el) return;
      if (rec.words.length === 0) { el.textContent = rec.text === '' ? 'No words were dictated.' : rec.text; return; }
      el.innerHTML = textHtml(rec.text, rec.words);
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
      zooms.set(source, Math.min(maxZoom(waveWidth(source)), Math.max(1, (zooms.get(source) ?? 1) * factor)));
      applyZoom(source);
      const sel = page.selection;
      if (sel && sel.source === source) page.boxElement(source, sel.index)?.scrollIntoView({ block: 'nearest', inline: 'center' });
    },
    playWord: (source, index) => playback.playWord(source, index),
    togglePlay: (source) => playback.togglePlay(source),
  };
  const playback = createPlayback(page, byId<HTMLAudioElement>('player'), byId('now-playing'));

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

  /** The width of the box the waveform of `source` scrolls in (CSS pixels; 1000 before it is laid out). */
  function waveWidth(source: string): number {
    return sections.get(source)?.querySelector<HTMLElement>('.wave-box')?.clientWidth || 1000;
  }

  function applyZoom(source: string): void {
    const inner = sections.get(source)?.querySelector<HTMLElement>('.wave-inner');
    if (inner) inner.style.width = `${(zooms.get(source) ?? 1) * 100}%`;
    const rec = page.recordings.get(source);
    const canvas = sections.get(source)?.querySelector('canvas');
    if (rec && canvas) drawRecording(canvas, rec);
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

  // ---- loading ---------------------------------------------------------------------

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
