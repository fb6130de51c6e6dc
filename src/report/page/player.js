/*
 * The QA report's one shared player. Adds play and playRange to window.DICTCLIP_PAGE (see format.js).
 *
 * A stretch of a recording (a transcript word, a moment of the waveform) is played from a media
 * fragment `#t=from,to`, but browsers honour the fragment's end late (Chromium plays ~240 ms on,
 * and its timeupdate events come only every ~250 ms). So the player stops the stretch itself: a
 * timer set from the time left (currentTime against the end, at the playback rate) wakes just
 * before the end and looks again, until the end is reached; then it pauses and puts the position
 * at the end exactly. A pause, or a seek out of the stretch, ends the watch.
 */
(function () {
  'use strict';

  var P = window.DICTCLIP_PAGE;
  var player = document.getElementById('player');
  var nowPlaying = document.getElementById('now-playing');
  var playingEl = null;
  var stretch = null; // { from, to } in seconds on the player's timeline, while a stretch plays
  var timer = 0;

  /** Stop at the stretch's end, or look again just before it. */
  function watch() {
    clearTimeout(timer);
    timer = 0;
    if (stretch === null || player.paused || player.seeking) return;
    var left = stretch.to - player.currentTime;
    if (left <= 0.001) {
      var end = stretch.to;
      stretch = null;
      player.pause();
      player.currentTime = end;
      return;
    }
    // Wake 2 ms early: the media clock and the timers drift apart a little; the next look is exact.
    timer = setTimeout(watch, Math.max(0, left * 1000 / (player.playbackRate || 1) - 2));
  }

  player.addEventListener('playing', watch);
  player.addEventListener('ratechange', watch);
  player.addEventListener('pause', function () { clearTimeout(timer); timer = 0; });
  player.addEventListener('seeked', function () {
    // A listener who moves out of the stretch hears on from there.
    if (stretch !== null && (player.currentTime < stretch.from - 0.05 || player.currentTime >= stretch.to)) stretch = null;
    watch();
  });

  /** Play `src` (a clip, or a fragment of a recording) and mark `el` (may be null) as playing. */
  function play(src, label, el) {
    if (playingEl) playingEl.classList.remove('playing');
    playingEl = el || null;
    if (playingEl) playingEl.classList.add('playing');
    stretch = null;
    player.src = src;
    nowPlaying.textContent = label;
    var started = player.play();
    if (started && started.catch) {
      started.catch(function (error) {
        if (error.name !== 'AbortError') nowPlaying.textContent = 'Cannot play ' + label + ': ' + error.message;
      });
    }
  }

  /** Play `url` from `fromMs` to `toMs` (ms on its timeline), stopping at `toMs`. */
  function playRange(url, fromMs, toMs, label, el) {
    var from = Math.max(0, fromMs) / 1000;
    var to = toMs / 1000;
    play(url + '#t=' + from.toFixed(3) + ',' + to.toFixed(3), label, el);
    stretch = { from: from, to: to };
  }

  P.play = play;
  P.playRange = playRange;
})();
