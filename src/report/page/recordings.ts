/**
 * The report's recordings: each a section with its waveform, transcript and clips. Every clip is
 * one light <li data-clip> (no <audio> per clip: one shared player plays them). A section's
 * waveform and transcript are built when it scrolls near the viewport: its rec/<key>.js is loaded
 * then, and the browser skips the layout of off-screen sections (content-visibility).
 */
import { DETAIL_EVENT, markerRows, type Marker, type RecordingDetail } from '../data.js';
import { decodeInt8, esc, fmtMs, href, plural } from './format.js';
import { clipPath, isFlagged, type PageClip, type PageRecording, type PageRun } from './run.js';
import { drawWave, WAVE_CSS_HEIGHT, type WavePeaks } from './wave.js';

/** A recording's loaded details. */
export interface LoadedDetail {
  transcript: string;
  markers: Marker[];
  peaks: WavePeaks | undefined;
}

function clipItem(r: PageRecording, c: PageClip, ci: number): string {
  const path = clipPath(r, c);
  const src = `../${href(path)}`;
  // data-flag: the manifest's flags; marked as a doubt unless they are notes only (`verified`).
  return `<li id="clip-${r.index}-${ci}"${isFlagged(c) ? ' class="doubt"' : ''} data-clip="${esc(path)}" data-src="${esc(src)}"${c.flags ? ` data-flag="${esc(c.flags)}"` : ''}>` +
    `<a href="${esc(src)}" title="Play ${esc(path)}">▶</a>` +
    `<span class="clip-text">${esc(c.text)}</span>` +
    `<span class="clip-time">${fmtMs(c.startMs)} · ${fmtMs(c.endMs - c.startMs)}</span>` +
    `${c.flags ? `<span class="flag${isFlagged(c) ? '' : ' note'}">${esc(c.flags)}</span>` : ''}</li>`;
}

/** A recording: its clips in time order (the data lists them so), flagged ones marked. */
function recordingSection(r: PageRecording): string {
  const d = r.data;
  const flagged = r.clips.filter(isFlagged).length;
  return `<section class="rec${d.failed ? ' failed' : ''}" id="rec-${r.index}" data-recording="${esc(d.source)}" data-index="${r.index}">` +
    `<h3>${esc(d.source)}</h3><p class="rec-meta">${fmtMs(d.durationMs)} · ${plural(r.clips.length, 'clip')}` +
    `${flagged ? ` · <span class="flag">${flagged} flagged</span>` : ''}${d.failed ? ' · <span class="bad">failed</span>' : ''}` +
    `${d.audioHref ? ` · <a href="${esc(d.audioHref)}">source audio</a>` : ''}</p>` +
    `<canvas class="wave" height="${WAVE_CSS_HEIGHT}" width="1000" aria-label="Waveform of ${esc(d.source)}"></canvas>` +
    `<p class="transcript muted">${d.hasDetail ? 'Loading transcript…' : 'No transcript saved.'}</p>` +
    `<ol class="clips">${r.clips.map((c, ci) => clipItem(r, c, ci)).join('')}</ol></section>`;
}

export interface Recordings {
  /** The loaded details of recording `index`, if loaded. */
  detail(index: number): LoadedDetail | undefined;
  /** Load (once) and draw recording `index`. */
  load(index: number): void;
  draw(index: number): void;
}

export function renderRecordings(run: PageRun, el: HTMLElement): Recordings {
  const loaded = new Map<number, LoadedDetail>();
  const byKey = new Map<string, number>();
  if (run.recordings.length === 0) el.innerHTML = '<p class="muted">No recording has clips or markers.</p>';
  else el.innerHTML = run.recordings.map(recordingSection).join('');

  function draw(index: number): void {
    const r = run.recordings[index];
    const canvas = document.querySelector<HTMLCanvasElement>(`#rec-${index} canvas`);
    if (!r || !canvas) return;
    const detail = loaded.get(index);
    drawWave(canvas, {
      durationMs: r.data.durationMs,
      clips: r.clips.map((c) => ({ startMs: c.startMs, endMs: c.endMs, flagged: isFlagged(c) })),
      ...(detail ? { detail: { peaks: detail.peaks, markers: detail.markers } } : {}),
    });
  }

  function load(index: number): void {
    const r = run.recordings[index];
    if (!r) return;
    if (r.data.hasDetail && !loaded.has(index) && !byKey.has(r.data.key)) {
      byKey.set(r.data.key, index);
      const script = document.createElement('script');
      script.src = `rec/${encodeURIComponent(r.data.key)}.js`;
      document.body.appendChild(script);
    }
    draw(index);
  }

  document.addEventListener(DETAIL_EVENT, (event) => {
    const rec = (event as CustomEvent<RecordingDetail>).detail;
    const index = byKey.get(rec.key);
    if (index === undefined) return;
    loaded.set(index, {
      transcript: rec.transcript, markers: markerRows(rec.markers),
      peaks: rec.peaks ? { minMax: decodeInt8(rec.peaks.b64), bucketsPerSecond: rec.peaks.bucketsPerSecond } : undefined,
    });
    renderTranscript(index);
    draw(index);
  });

  function renderTranscript(index: number): void {
    const rec = loaded.get(index);
    const el = document.querySelector(`#rec-${index} .transcript`);
    if (!rec || !el) return;
    const t = rec.transcript;
    if (t === '') { el.textContent = 'Empty transcript.'; return; }
    let html = '';
    let pos = 0;
    rec.markers.forEach((m, mi) => {
      if (m.textStart < pos) return;
      html += `${esc(t.slice(pos, m.textStart))}<span class="word" data-marker="${mi}" title="${fmtMs(m.startMs)}–${fmtMs(m.endMs)}">` +
        `${esc(t.slice(m.textStart, m.textStart + m.textLength))}</span>`;
      pos = m.textStart + m.textLength;
    });
    el.innerHTML = html + esc(t.slice(pos));
    el.classList.remove('muted');
  }

  return { detail: (index) => loaded.get(index), load, draw };
}
