/*
 * The dictclip QA report page. Plain script (file:// forbids ES modules and fetch): data.js sets
 * window.DICTCLIP_REPORT; each rec/<key>.js calls window.DICTCLIP_REC(key, data) when loaded.
 *
 * Every clip is one light <li data-clip> (no <audio> per clip: one shared player plays them).
 * Recordings are drawn lazily: a section's waveform and transcript are built when it scrolls near
 * the viewport, and the browser skips the layout of off-screen sections (content-visibility).
 */
(function () {
  'use strict';

  var data = window.DICTCLIP_REPORT;
  var recs = data.recordings;
  var player = document.getElementById('player');
  var nowPlaying = document.getElementById('now-playing');
  var loaded = {}; // recording index -> rec/<key>.js data
  var byKey = {};
  var WAVE_HEIGHT = 96;
  var LANE = 10; // the marker lane under the waveform, CSS px

  // ---- helpers ----------------------------------------------------------------

  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function fmtMs(ms) {
    ms = Math.round(ms);
    if (ms < 1000) return ms + ' ms';
    if (ms < 60000) return (ms / 1000).toFixed(ms < 10000 ? 2 : 1) + ' s';
    var s = Math.round(ms / 1000);
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var rest = String(s % 60).padStart(2, '0');
    return h > 0 ? h + ':' + String(m).padStart(2, '0') + ':' + rest + ' h' : m + ':' + rest + ' min';
  }

  function href(path) {
    return path.split('/').map(encodeURIComponent).join('/');
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  function clipPath(r, c) { return r.d + c[0]; }
  function isFlagged(c) { return c[4] !== ''; }

  function median(sorted) {
    if (sorted.length === 0) return 0;
    var mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  function bars(rows, unit) {
    var max = Math.max.apply(null, rows.map(function (r) { return r.value; }).concat([1]));
    return '<div class="bars">' + rows.map(function (r) {
      return '<div class="bar-row"><span class="bar-label" title="' + esc(r.label) + '">' + r.labelHtml + '</span>' +
        '<span class="bar"><span style="width:' + (100 * r.value / max).toFixed(2) + '%"></span></span>' +
        '<span class="bar-value">' + esc(unit(r.value)) + '</span></div>';
    }).join('') + '</div>';
  }

  // ---- overview -----------------------------------------------------------------

  function allDurations() {
    var out = [];
    recs.forEach(function (r) { r.c.forEach(function (c) { out.push(c[3] - c[2]); }); });
    return out.sort(function (a, b) { return a - b; });
  }

  function histogram(durations) {
    if (durations.length === 0) return '<p class="muted">No clips.</p>';
    var top = durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.99))];
    var steps = [10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 30000, 60000];
    var bin = steps.find(function (s) { return top / s <= 24; }) || 60000;
    var counts = [];
    var bins = Math.floor(top / bin) + 1;
    for (var i = 0; i < bins; i++) counts.push(0);
    var over = 0;
    durations.forEach(function (d) {
      var i = Math.floor(d / bin);
      if (i < bins) counts[i]++; else over++;
    });
    var max = Math.max.apply(null, counts.concat([over, 1]));
    var cols = counts.map(function (n, i) {
      return '<div class="col" title="' + fmtMs(i * bin) + '–' + fmtMs((i + 1) * bin) + ': ' + n + ' clips">' +
        '<span style="height:' + (100 * n / max).toFixed(1) + '%"></span></div>';
    });
    if (over > 0) cols.push('<div class="col over" title="longer: ' + over + ' clips"><span style="height:' + (100 * over / max).toFixed(1) + '%"></span></div>');
    return '<div class="histogram">' + cols.join('') + '</div>' +
      '<div class="axis"><span>0</span><span>' + fmtMs(bins * bin / 2) + '</span><span>' + fmtMs(bins * bin) + (over > 0 ? ' +' : '') + '</span></div>';
  }

  function renderOverview() {
    var s = data.summary;
    var durations = allDurations();
    var total = durations.reduce(function (a, b) { return a + b; }, 0);
    var flagged = 0;
    recs.forEach(function (r) { r.c.forEach(function (c) { if (isFlagged(c)) flagged++; }); });
    // summary.json: `resumed` since it was split from `skipped`; older runs called resumed ones `skipped`.
    var resumed = 'resumed' in s ? s.resumed : s.skipped;
    var cards = [
      ['Recordings', s.recordings !== undefined ? s.recordings : recs.length],
      ['Done', s.done], ['Failed', data.failures.length], ['Resumed', resumed],
    ];
    if ('resumed' in s && s.skipped) cards.push(['Files skipped', s.skipped]);
    cards.push(['Clips', durations.length], ['Clip audio', fmtMs(total)], ['Median clip', fmtMs(median(durations))],
      ['Flagged clips', flagged]);
    if (s.wallTimeMs !== undefined) cards.push(['Wall time', fmtMs(s.wallTimeMs)]);
    var stageRows = Object.keys(s.stageMs || {}).map(function (k) {
      return { label: k, labelHtml: esc(k), value: s.stageMs[k] };
    });
    var perRec = recs.map(function (r, i) {
      return { label: r.s, labelHtml: '<a href="#rec-' + i + '">' + esc(r.s) + '</a>', value: r.c.length };
    });
    document.getElementById('overview').innerHTML =
      '<div class="cards">' + cards.map(function (c) {
        return '<div class="card"><span class="card-value">' + esc(c[1] === undefined ? '–' : c[1]) + '</span><span class="card-label">' + esc(c[0]) + '</span></div>';
      }).join('') + '</div>' +
      '<div class="panels">' +
      '<div class="panel"><h3>Clip durations</h3>' + histogram(durations) + '</div>' +
      '<div class="panel"><h3>Clips per recording</h3><div class="scroll">' + bars(perRec, String) + '</div></div>' +
      '<div class="panel"><h3>Time per stage</h3>' + (stageRows.length ? bars(stageRows, fmtMs) +
        '<p class="muted">Summed over recordings; recordings overlap, so the sum can exceed the wall time.</p>' : '<p class="muted">Not recorded by this run.</p>') + '</div>' +
      '</div>';
  }

  function renderFlagged() {
    var counts = {};
    var list = [];
    recs.forEach(function (r, ri) {
      r.c.forEach(function (c, ci) {
        if (!isFlagged(c)) return;
        c[4].split(' ').forEach(function (f) { counts[f] = (counts[f] || 0) + 1; });
        list.push([ri, ci]);
      });
    });
    var el = document.getElementById('flagged-body');
    if (list.length === 0) { el.innerHTML = '<p class="muted">No clip is flagged.</p>'; return; }
    var LIMIT = 200;
    el.innerHTML = '<p>' + Object.keys(counts).map(function (f) {
      return '<span class="flag">' + esc(f) + '</span> ' + counts[f];
    }).join(' · ') + '</p><ul class="flag-list">' + list.slice(0, LIMIT).map(function (p) {
      var r = recs[p[0]];
      var c = r.c[p[1]];
      return '<li><a href="#clip-' + p[0] + '-' + p[1] + '">' + esc(c[1]) + '</a> <span class="muted">' + esc(r.s) + ' · ' +
        fmtMs(c[2]) + '</span> <span class="flag">' + esc(c[4]) + '</span></li>';
    }).join('') + '</ul>' + (list.length > LIMIT ? '<p class="muted">and ' + (list.length - LIMIT) + ' more, first in each recording below.</p>' : '');
  }

  function renderFailures() {
    var el = document.getElementById('failures-body');
    if (data.failures.length === 0) { el.innerHTML = '<p class="muted">No recording failed.</p>'; return; }
    el.innerHTML = '<table class="failures"><thead><tr><th>Recording</th><th>Stage</th><th>Code</th><th>Message</th></tr></thead><tbody>' +
      data.failures.map(function (f) {
        return '<tr data-failure="' + esc(f[0]) + '"><td>' + esc(f[0]) + '</td><td>' + esc(f[1]) + '</td><td><code>' + esc(f[2]) +
          '</code></td><td>' + esc(f[3]) + '</td></tr>';
      }).join('') + '</tbody></table>';
  }

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

  function recordingSection(r, ri) {
    var order = r.c.map(function (c, ci) { return ci; });
    order.sort(function (a, b) { return (isFlagged(r.c[b]) - isFlagged(r.c[a])) || a - b; });
    var flagged = r.c.filter(isFlagged).length;
    return '<section class="rec' + (r.f ? ' failed' : '') + '" id="rec-' + ri + '" data-recording="' + esc(r.s) + '" data-index="' + ri + '">' +
      '<h3>' + esc(r.s) + '</h3><p class="rec-meta">' + fmtMs(r.ms) + ' · ' + plural(r.c.length, 'clip') +
      (flagged ? ' · <span class="flag">' + flagged + ' flagged</span>' : '') + (r.f ? ' · <span class="bad">failed</span>' : '') +
      (r.a ? ' · <a href="' + esc(r.a) + '">source audio</a>' : '') + '</p>' +
      '<canvas class="wave" height="' + (WAVE_HEIGHT + LANE) + '" width="1000" aria-label="Waveform of ' + esc(r.s) + '"></canvas>' +
      '<p class="transcript muted">' + (r.r ? 'Loading transcript…' : 'No transcript saved.') + '</p>' +
      '<ol class="clips">' + order.map(function (ci) { return clipItem(r, ri, r.c[ci], ci); }).join('') + '</ol></section>';
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
    var r = recs[ri];
    var canvas = document.querySelector('#rec-' + ri + ' canvas');
    var dpr = window.devicePixelRatio || 1;
    var w = Math.max(100, Math.round(canvas.clientWidth * dpr));
    var h = Math.round((WAVE_HEIGHT + LANE) * dpr);
    canvas.width = w;
    canvas.height = h;
    var g = canvas.getContext('2d');
    var waveH = WAVE_HEIGHT * dpr;
    var total = Math.max(1, r.ms);
    var x = function (ms) { return ms / total * w; };
    g.fillStyle = '#fbfbfd';
    g.fillRect(0, 0, w, h);
    r.c.forEach(function (c) {
      g.fillStyle = isFlagged(c) ? 'rgba(232, 126, 4, 0.30)' : 'rgba(46, 110, 214, 0.14)';
      g.fillRect(x(c[2]), 0, Math.max(1, x(c[3]) - x(c[2])), waveH);
    });
    var rec = loaded[ri];
    if (rec && rec.peaks) drawPeaks(g, rec.peaks, rec.p.r, w, waveH, total);
    // Each clip as a band along the top (orange when flagged), its edges as lines through the wave.
    r.c.forEach(function (c) {
      var x0 = x(c[2]);
      var x1 = Math.max(x0 + dpr, x(c[3]));
      g.fillStyle = isFlagged(c) ? '#e87e04' : '#2e6ed6';
      g.fillRect(x0, 0, x1 - x0, 5 * dpr);
      g.globalAlpha = 0.6;
      g.fillRect(x0, 0, dpr, waveH);
      g.fillRect(x1 - dpr, 0, dpr, waveH);
      g.globalAlpha = 1;
    });
    if (rec) {
      rec.m.forEach(function (m, mi) {
        g.fillStyle = mi % 2 ? '#6b7a90' : '#a3b1c6';
        g.fillRect(x(m[2]), waveH + 2 * dpr, Math.max(1, x(m[3]) - x(m[2]) - dpr), (LANE - 3) * dpr);
      });
    }
    canvas.dataset.drawn = rec ? 'full' : 'clips';
  }

  /** One column per device pixel: the lowest minimum and highest maximum of the buckets it covers. */
  function drawPeaks(g, peaks, perSecond, w, waveH, totalMs) {
    var n = peaks.length / 2;
    var scale = 1;
    for (var i = 0; i < peaks.length; i++) scale = Math.max(scale, Math.abs(peaks[i]));
    var top = 7 * (window.devicePixelRatio || 1); // under the clip bands
    var mid = (top + waveH) / 2;
    var amp = ((waveH - top) / 2 - 1) / scale;
    var bucketsPerPx = totalMs * perSecond / 1000 / w;
    g.fillStyle = '#1f2d3d';
    for (var px = 0; px < w; px++) {
      var b0 = Math.floor(px * bucketsPerPx);
      if (b0 >= n) break;
      var b1 = Math.min(n, Math.max(b0 + 1, Math.floor((px + 1) * bucketsPerPx)));
      var lo = 0;
      var hi = 0;
      for (var k = b0; k < b1; k++) {
        if (peaks[2 * k] < lo) lo = peaks[2 * k];
        if (peaks[2 * k + 1] > hi) hi = peaks[2 * k + 1];
      }
      g.fillRect(px, mid - hi * amp, 1, Math.max(1, (hi - lo) * amp));
    }
  }

  // ---- playing ------------------------------------------------------------------

  var playingEl = null;

  function play(src, label, el) {
    if (playingEl) playingEl.classList.remove('playing');
    playingEl = el || null;
    if (playingEl) playingEl.classList.add('playing');
    player.src = src;
    nowPlaying.textContent = label;
    var started = player.play();
    if (started && started.catch) {
      started.catch(function (error) {
        if (error.name !== 'AbortError') nowPlaying.textContent = 'Cannot play ' + label + ': ' + error.message;
      });
    }
  }

  function fragment(fromMs, toMs) {
    return '#t=' + (Math.max(0, fromMs) / 1000).toFixed(3) + ',' + (toMs / 1000).toFixed(3);
  }

  /** Play a stretch of a recording: from its source audio, else from the clip that holds it. */
  function playStretch(ri, fromMs, toMs, label, el) {
    var r = recs[ri];
    if (r.a) { play(r.a + fragment(fromMs, toMs), label, el); return; }
    var midMs = (fromMs + toMs) / 2;
    var clip = r.c.find(function (c) { return c[2] <= midMs && midMs <= c[3]; });
    if (!clip) { nowPlaying.textContent = 'No audio for ' + label + ' (its source is not linked and no clip holds it).'; return; }
    play('../' + href(clipPath(r, clip)) + fragment(fromMs - clip[2], Math.min(toMs, clip[3]) - clip[2]), label, el);
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
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
  renderOverview();
  renderFlagged();
  renderFailures();
  renderRecordings();
  observe();
  // For tests and the benchmark: rendered, and when (ms since navigation start).
  document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
  document.documentElement.dataset.ready = '1';
})();
