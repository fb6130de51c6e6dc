/**
 * Listening on the review page, through its one audio player: a word plays from its start and
 * stops at its end, a recording plays or pauses whole (from the selected word when it starts anew),
 * and the word playing is marked in the text and on the waveform as it goes. A click on a word (in
 * the text or on the waveform) selects and plays it; on the waveform away from a box, the word
 * nearest the click; on a recording's Play button, the recording.
 */
import { fmtMs } from '../../report/page/format.js';
import type { LoadedRecording, ReviewPage } from './review-page.js';
import { wordAt, wordNear } from './timeline.js';

export interface Playback {
  /** Play word `index` of `source`, stopping at its end. */
  playWord(source: string, index: number): void;
  /** Play or pause the whole recording of the selected word (from that word when starting anew). */
  togglePlay(source?: string): void;
}

/** Listening on `page` through `player`, naming what plays in `nowPlaying`; installs the player's and the page's click handlers. */
export function createPlayback(page: ReviewPage, player: HTMLAudioElement, nowPlaying: HTMLElement): Playback {
  let stopAt: number | null = null;
  let hlWord: HTMLElement | null = null;

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
    const hl = page.section(source)?.querySelector<HTMLElement>('.hl');
    if (!hl) return;
    const w = rec.words[index];
    if (!el || !w || w.startMs === null || w.endMs === null) { hl.hidden = true; return; }
    el.classList.add('now');
    const box = page.section(source)?.querySelector('canvas')?.clientWidth ?? 0;
    hl.hidden = false;
    hl.style.left = `${w.startMs / Math.max(1, rec.durationMs) * box}px`;
    hl.style.width = `${Math.max(2, (w.endMs - w.startMs) / Math.max(1, rec.durationMs) * box)}px`;
  }

  const playback: Playback = {
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
      const source = given ?? page.selection?.source ?? page.entries()[0]?.source;
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

  player.addEventListener('playing', () => window.requestAnimationFrame(tick));
  player.addEventListener('timeupdate', tick);
  player.addEventListener('pause', () => {
    hlWord?.classList.remove('now');
    hlWord = null;
    const hl = page.section(player.dataset['source'] ?? '')?.querySelector<HTMLElement>('.hl');
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

  return playback;
}
