/*
 * The dictclip QA report page: recordings, playing and lazy loading. Plain scripts (file:// forbids
 * ES modules and fetch), loaded in order: data.js sets window.DICTCLIP_REPORT; format.js,
 * overview.js and wave.js fill window.DICTCLIP_PAGE; each rec/<key>.js calls
 * window.DICTCLIP_REC(key, data) when loaded.
 *
 * Every clip is one light <li data-clip> (no <audio> per clip: one shared player plays them).
 * Recordings are drawn lazily: a section's waveform and transcript are built when it scrolls near
 * the viewport, and the browser skips the layout of off-screen sections (content-visibility).
 */
(function () {
  'use strict';

  var data = window.DICTCLIP_REPORT;
  var recs = data.recordings;
  var nowPlaying = document.getElementById('now-playing');
  var loaded = {}; // recording index -> rec/<key>.js data
  var byKey = {};
  var P = window.DICTCLIP_PAGE; // format.js, overview.js, flags.js, wave.js and player.js
  var esc = P.esc, fmtMs = P.fmtMs, href = P.href, plural = P.plural, clipPath = P.clipPath, isFlagged = P.isFlagged;
  var play = P.play, playRange = P.playRange;

  // ---- recordings -----------------------------------------------------------------

  function clipItem(r, ri, c, ci) {
    var path = clipPath(r, c);
    var src = '../' + href(path);
    return '<li id="clip-' + ri + '-' + ci + '" data-clip="' + esc(path) + '" data-src="' + esc(src) + '"' +
      (isFlagged(c) ? ' data-flag="' + esc(c[4]) + '"' : '') + '>' +
      '<a href="' + esc(src) + '" title="Play ' + esc(path) + '">▶</a>' +
      '<span class="clip-text">' + esc(c[1]) + '</span>' +
      '<span class="clip-time">' + fmtMs(c[2]) + ' · ' + fmtMs(c[3] - c[2]) + '</span>' +
      (isFlagged(c) ? '<span class="flag">' + esc(c[4]) + '</span>' : '') + '</li>';
  }

  /** A recording: its clips in time order (data.js lists them so), flagged ones marked. */
  function recordingSection(r, ri) {
    var flagged = r.c.filter(isFlagged).length;
    return '<section class="rec' + (r.f ? ' failed' : '') + '" id="rec-' + ri + '" data-recording="' + esc(r.s) + '" data-index="' + ri + '">' +
      '<h3>' + esc(r.s) + '</h3><p class="rec-meta">' + fmtMs(r.ms) + ' · ' + plural(r.c.length, 'clip') +
      (flagged ? ' · <span class="flag">' + flagged + ' flagged</span>' : '') + (r.f ? ' · <span class="bad">failed</span>' : '') +
      (r.a ? ' · <a href="' + esc(r.a) + '">source audio</a>' : '') + '</p>' +
      '<canvas class="wave" height="' + P.WAVE_CSS_HEIGHT + '" width="1000" aria-label="Waveform of ' + esc(r.s) + '"></canvas>' +
      '<p class="transcript muted">' + (r.r ? 'Loading transcript…' : 'No transcript saved.') + '</p>' +
      '<ol class="clips">' + r.c.map(function (c, ci) { return clipItem(r, ri, c, ci); }).join('') + '</ol></section>';
  }

  function renderRecordings() {
    var el = document.getElementById('recordings-body');
    if (recs.length === 0) { el.innerHTML = '<p class="muted">No recording has clips or markers.</p>'; return; }
    el.innerHTML = recs.map(recordingSection).join('');
  }

  function loadRecording(ri) {
    var r = recs[ri];
    if (!r.r || loaded[ri] || byKey[r.k] !== undefined) { draw(ri); return; }
    byKey[r.k] = ri;
    var script = document.createElement('script');
    script.src = 'rec/' + encodeURIComponent(r.k) + '.js';
    document.body.appendChild(script);
    draw(ri);
  }

  window.DICTCLIP_REC = function (key, rec) {
    var ri = byKey[key];
    if (ri === undefined) return;
    if (rec.p) {
      var bin = atob(rec.p.b64);
      var bytes = new Int8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i) << 24 >> 24;
      rec.peaks = bytes;
    }
    loaded[ri] = rec;
    renderTranscript(ri);
    draw(ri);
  };

  function renderTranscript(ri) {
    var rec = loaded[ri];
    var el = document.querySelector('#rec-' + ri + ' .transcript');
    var t = rec.t;
    if (t === '') { el.textContent = 'Empty transcript.'; return; }
    var html = '';
    var pos = 0;
    rec.m.forEach(function (m, mi) {
      if (m[0] < pos) return;
      html += esc(t.slice(pos, m[0])) + '<span class="word" data-marker="' + mi + '" title="' + fmtMs(m[2]) + '–' + fmtMs(m[3]) + '">' +
        esc(t.slice(m[0], m[0] + m[1])) + '</span>';
      pos = m[0] + m[1];
    });
    el.innerHTML = html + esc(t.slice(pos));
    el.classList.remove('muted');
  }

  function draw(ri) {
    P.drawWave(document.querySelector('#rec-' + ri + ' canvas'), recs[ri], loaded[ri]);
  }

  // ---- playing ------------------------------------------------------------------

  /** Play a stretch of a recording, stopping at its end: from its source audio, else from the clip that holds it. */
  function playStretch(ri, fromMs, toMs, label, el) {
    var r = recs[ri];
    if (r.a) { playRange(r.a, fromMs, toMs, label, el); return; }
    var midMs = (fromMs + toMs) / 2;
    var clip = r.c.find(function (c) { return c[2] <= midMs && midMs <= c[3]; });
    if (!clip) { nowPlaying.textContent = 'No audio for ' + label + ' (its source is not linked and no clip holds it).'; return; }
    playRange('../' + href(clipPath(r, clip)), fromMs - clip[2], Math.min(toMs, clip[3]) - clip[2], label, el);
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    var filter = target.closest('[data-filter]');
    if (filter) { P.filterClips(filter.dataset.filter || null); return; }
    var clipEl = target.closest('[data-clip]');
    if (clipEl) {
      event.preventDefault();
      play(clipEl.dataset.src, clipEl.dataset.clip, clipEl);
      return;
    }
    var word = target.closest('.word');
    if (word) {
      var ri = Number(word.closest('[data-recording]').dataset.index);
      var m = loaded[ri].m[Number(word.dataset.marker)];
      playStretch(ri, m[2], m[3], '“' + word.textContent + '” in ' + recs[ri].s, word);
      return;
    }
    if (target.tagName === 'CANVAS' && target.closest('[data-recording]')) playAt(target, event);
  });

  function playAt(canvas, event) {
    var section = canvas.closest('[data-recording]');
    var ri = Number(section.dataset.index);
    var r = recs[ri];
    var box = canvas.getBoundingClientRect();
    var ms = (event.clientX - box.left) / box.width * r.ms;
    var ci = r.c.findIndex(function (c) { return c[2] <= ms && ms <= c[3]; });
    if (ci >= 0) {
      var el = document.getElementById('clip-' + ri + '-' + ci);
      play(el.dataset.src, el.dataset.clip, el);
    } else {
      playStretch(ri, ms, Math.min(r.ms, ms + 3000), r.s + ' at ' + fmtMs(ms), null);
    }
  }

  // ---- lazy drawing ---------------------------------------------------------------

  function observe() {
    var sections = document.querySelectorAll('section.rec');
    if (!('IntersectionObserver' in window)) { sections.forEach(function (s) { loadRecording(Number(s.dataset.index)); }); return; }
    var io = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        io.unobserve(entry.target);
        loadRecording(Number(entry.target.dataset.index));
      });
    }, { rootMargin: '400px 0px' });
    sections.forEach(function (s) { io.observe(s); });
    var timer = 0;
    window.addEventListener('resize', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        document.querySelectorAll('canvas[data-drawn]').forEach(function (c) { draw(Number(c.closest('section').dataset.index)); });
      }, 150);
    });
  }

  var s = data.summary;
  document.getElementById('subtitle').textContent = plural(s.recordings !== undefined ? s.recordings : recs.length, 'recording') + ' · ' +
    plural(data.failures.length, 'failure') + (s.inputDir ? ' · input ' + s.inputDir : '');
  P.renderOverview();
  P.renderFlagged(document.getElementById('flagged-body'));
  P.renderFailures();
  renderRecordings();
  observe();
  // For tests and the benchmark: rendered, and when (ms since navigation start).
  document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
  document.documentElement.dataset.ready = '1';
})();
