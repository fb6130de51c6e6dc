/**
 * The review page's markup of a recording (pure): its section (head with its badges, the waveform's
 * canvas and word lane, the text), the badges that sum it up (clips, flagged, off the reference,
 * corrected, playable, doubt), and its text with each word in a span that carries its index.
 */
import { esc, plural } from '../../report/page/format.js';
import { WAVE_CSS_HEIGHT } from '../../report/page/wave.js';
import type { RecordingListEntry, WordView } from '../view.js';
import { wordClasses, wordTitle } from './lane.js';
import { doubtText } from './order.js';

/** A recording's state at a glance, for its head. */
export function badges(e: RecordingListEntry): string {
  const out = [plural(e.clips, 'clip')];
  if (e.flagged) out.push(`<span class="flag">${e.flagged} flagged</span>`);
  if (e.disagreements) out.push(`<span class="flag">${plural(e.disagreements, 'word')} off the reference</span>`);
  out.push(e.corrected ? '<span class="ok">corrected</span>' : '<span class="muted">not corrected</span>');
  if (!e.playable) out.push('<span class="muted">no playable source audio</span>');
  const doubt = doubtText(e);
  if (doubt) out.push(e.doubtful > 0 ? `<span class="flag">${esc(doubt)}</span>` : esc(doubt));
  return out.join(' · ');
}

/** A recording's section before its words are loaded. */
export function sectionHtml(e: RecordingListEntry): string {
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

/** The text of a recording with its words (at least one) marked: the text between them as it is. */
export function textHtml(text: string, words: readonly WordView[]): string {
  let html = '';
  let pos = 0;
  words.forEach((w, i) => {
    html += esc(text.slice(pos, w.textStart)) + wordHtml(w, i);
    pos = w.textStart + w.text.length;
  });
  return html + esc(text.slice(pos));
}
