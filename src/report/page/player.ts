/**
 * The QA report's one shared player.
 *
 * A stretch of a recording (a transcript word, a moment of the waveform) is played from a media
 * fragment `#t=from,to`, but browsers honour the fragment's end late (Chromium plays ~240 ms on,
 * and its timeupdate events come only every ~250 ms). So the player stops the stretch itself: a
 * timer set from the time left (currentTime against the end, at the playback rate) wakes just
 * before the end and looks again, until the end is reached; then it pauses and puts the position
 * at the end exactly. A pause, or a seek out of the stretch, ends the watch.
 */

export interface Player {
  /** Play `src` (a clip, or a fragment of a recording) and mark `el` (may be null) as playing. */
  play(src: string, label: string, el: Element | null): void;
  /** Play `url` from `fromMs` to `toMs` (ms on its timeline), stopping at `toMs`. */
  playRange(url: string, fromMs: number, toMs: number, label: string, el: Element | null): void;
  /** Say something where the playing item is named. */
  say(message: string): void;
}

export function createPlayer(player: HTMLAudioElement, nowPlaying: HTMLElement): Player {
  let playingEl: Element | null = null;
  let stretch: { from: number; to: number } | null = null; // seconds on the player's timeline, while a stretch plays
  let timer = 0;

  /** Stop at the stretch's end, or look again just before it. */
  function watch(): void {
    window.clearTimeout(timer);
    timer = 0;
    if (stretch === null || player.paused || player.seeking) return;
    const left = stretch.to - player.currentTime;
    if (left <= 0.001) {
      const end = stretch.to;
      stretch = null;
      player.pause();
      player.currentTime = end;
      return;
    }
    // Wake 2 ms early: the media clock and the timers drift apart a little; the next look is exact.
    timer = window.setTimeout(watch, Math.max(0, left * 1000 / (player.playbackRate || 1) - 2));
  }

  player.addEventListener('playing', watch);
  player.addEventListener('ratechange', watch);
  player.addEventListener('pause', () => { window.clearTimeout(timer); timer = 0; });
  player.addEventListener('seeked', () => {
    // A listener who moves out of the stretch hears on from there.
    if (stretch !== null && (player.currentTime < stretch.from - 0.05 || player.currentTime >= stretch.to)) stretch = null;
    watch();
  });

  function play(src: string, label: string, el: Element | null): void {
    playingEl?.classList.remove('playing');
    playingEl = el;
    playingEl?.classList.add('playing');
    stretch = null;
    player.src = src;
    nowPlaying.textContent = label;
    player.play().catch((error: { name: string; message: string }) => {
      if (error.name !== 'AbortError') nowPlaying.textContent = `Cannot play ${label}: ${error.message}`;
    });
  }

  function playRange(url: string, fromMs: number, toMs: number, label: string, el: Element | null): void {
    const from = Math.max(0, fromMs) / 1000;
    const to = toMs / 1000;
    play(`${url}#t=${from.toFixed(3)},${to.toFixed(3)}`, label, el);
    stretch = { from, to };
  }

  return { play, playRange, say: (message) => { nowPlaying.textContent = message; } };
}
