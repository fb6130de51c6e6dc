/*
 * dictclip review page: the recordings of a run, their words on a waveform, and listening.
 * Plain script after format.js and wave.js (the QA report's, served as they are); edit.js adds
 * correcting. Shared state lives in window.DICTCLIP_REVIEW.
 *
 * The list comes from /api/recordings; each recording's words, clips and peaks from
 * /api/recording, loaded when its section nears the viewport and then in the background, two at a
 * time, so every recording gets its words without a long first render.
 */
(function () {
  'use strict';

  var P = window.DICTCLIP_PAGE;
  var esc = P.esc, fmtMs = P.fmtMs, plural = P.plural;
  var R = window.DICTCLIP_REVIEW = {
    token: document.querySelector('meta[name="dictclip-token"]').content,
    entries: [], // /api/recordings entries, in display order
    recs: {}, // source -> loaded recording (words [text, startMs, endMs, status, changed, textStart], clips, peaks …)
    sel: null, // { source, index }
  };
  var player = document.getElementById('player');
  var nowPlaying = document.getElementById('now-playing');
  var sections = {};
  var requested = {};
  var loadedCount = 0;

  R.status = function (message, bad) {
    var el = document.getElementById('status');
    el.textContent = message;
    el.className = bad ? 'bad' : '';
  };

  R.section = function (source) { return sections[source]; };

  function attention(e) { return e.flagged > 0 || e.disagreements > 0; }

  function badges(e) {
    var out = [plural(e.clips, 'clip')];
    if (e.flagged) out.push('<span class="flag">' + e.flagged + ' flagged</span>');
    if (e.disagreements) out.push('<span class="flag">' + plural(e.disagreements, 'word') + ' off the reference</span>');
    out.push(e.corrected ? '<span class="ok">corrected</span>' : '<span class="muted">not corrected</span>');
    if (!e.playable) out.push('<span class="muted">no playable source audio</span>');
    return out.join(' · ');
  }

  function sectionHtml(e) {
    return '<section class="rec" data-recording="' + esc(e.source) + '"><div class="rec-head"><h2>' + esc(e.source) + '</h2>' +
      '<button type="button" class="play-rec"' + (e.playable ? '' : ' disabled') + '>Play</button>' +
      '<span class="rec-state">' + badges(e) + '</span></div>' +
      '<div class="wave-box"><canvas class="wave" height="' + P.WAVE_CSS_HEIGHT + '" width="1000"></canvas><div class="hl" hidden></div></div>' +
      '<p class="notice" hidden></p><p class="words muted">Loading words…</p></section>';
  }

  function renderList() {
    var main = document.getElementById('recordings');
    if (R.entries.length === 0) { main.innerHTML = '<p class="muted">This run has no recording with clips or markers.</p>'; return; }
    main.innerHTML = R.entries.map(sectionHtml).join('');
    main.querySelectorAll('section.rec').forEach(function (el, i) { sections[R.entries[i].source] = el; });
    applyFilter();
  }

  function applyFilter() {
    var f = document.getElementById('filter').value;
    R.entries.forEach(function (e) {
      var show = f === 'all' || (f === 'attention' && attention(e)) || (f === 'corrected' && e.corrected) || (f === 'uncorrected' && !e.corrected);
      sections[e.source].hidden = !show;
    });
  }

  // ---- one recording ---------------------------------------------------------------

  function load(source) {
    if (requested[source]) return requested[source];
    requested[source] = fetch('/api/recording?source=' + encodeURIComponent(source))
      .then(function (res) { return res.json(); })
      .then(R.setRecording)
      .catch(function (error) { sections[source].querySelector('.words').textContent = 'Cannot load this recording: ' + error.message; });
    return requested[source];
  }

  /** Show a recording's state as the server sent it (after a load, a save or a refused save). */
  R.setRecording = function (rec) {
    if (rec.peaks) {
      var bin = atob(rec.peaks.b64);
      var bytes = new Int8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i) << 24 >> 24;
      rec.peakBytes = bytes;
    }
    if (!R.recs[rec.source]) loadedCount += 1;
    R.recs[rec.source] = rec;
    // For tests and the benchmark: when every recording has its words (ms since navigation start).
    if (loadedCount === R.entries.length) document.documentElement.dataset.allLoadedMs = String(Math.round(performance.now()));
    var entry = R.entries.find(function (e) { return e.source === rec.source; });
    if (entry && entry.corrected !== rec.corrected) {
      entry.corrected = rec.corrected;
      sections[rec.source].querySelector('.rec-state').innerHTML = badges(entry);
    }
    R.renderWords(rec.source);
    draw(rec.source);
  };

  R.renderWords = function (source) {
    var rec = R.recs[source];
    var el = sections[source].querySelector('.words');
    if (rec.words.length === 0) { el.textContent = rec.text === '' ? 'No words were dictated.' : rec.text; return; }
    var html = '';
    var pos = 0;
    var t = rec.text;
    rec.words.forEach(function (w, i) {
      var start = w[5];
      html += esc(t.slice(pos, start)) + '<span class="w' + (w[4] ? ' changed' : '') + (w[1] === null ? ' untimed' : '') +
        (w[3] && w[3] !== 'matched' ? ' st-' + esc(w[3]) : '') + '" data-word="' + i + '" title="' +
        (w[1] === null ? 'not placed in the audio' : fmtMs(w[1]) + '–' + fmtMs(w[2])) + (w[3] ? ' · ' + esc(w[3]) : '') + '">' + esc(w[0]) + '</span>';
      pos = start + w[0].length;
    });
    el.innerHTML = html + esc(t.slice(pos));
    el.classList.remove('muted');
    if (R.sel && R.sel.source === source) R.select(source, Math.min(R.sel.index, rec.words.length - 1), false);
  };

  function draw(source) {
    var rec = R.recs[source];
    var canvas = sections[source].querySelector('canvas');
    var r = { ms: rec.ms, c: rec.clips.map(function (c) { return ['', c[3], c[0], c[1], c[2]]; }) };
    var timed = rec.words.filter(function (w) { return w[1] !== null; });
    P.drawWave(canvas, r, { peaks: rec.peakBytes, p: rec.peaks, m: timed.map(function (w) { return [0, 0, w[1], w[2]]; }) });
    labels(canvas, rec, timed);
  }

  /** The words written on the waveform, where there is room for them. */
  function labels(canvas, rec, timed) {
    var g = canvas.getContext('2d');
    var dpr = window.devicePixelRatio || 1;
    var scale = canvas.width / Math.max(1, rec.ms);
    g.font = (11 * dpr) + 'px system-ui, sans-serif';
    g.fillStyle = '#0b3d91';
    var next = 0;
    timed.forEach(function (w) {
      var x = w[1] * scale;
      var width = g.measureText(w[0]).width;
      if (x < next || width > (w[2] - w[1]) * scale + 40 * dpr) return;
      g.fillText(w[0], x + 2 * dpr, canvas.height - 14 * dpr);
      next = x + width + 6 * dpr;
    });
  }

  // ---- selecting and playing ---------------------------------------------------------

  var stopAt = null;
  var hlWord = null;

  R.wordEl = function (source, index) {
    return sections[source] && sections[source].querySelector('[data-word="' + index + '"]');
  };

  R.select = function (source, index, scroll) {
    document.querySelectorAll('.w.sel').forEach(function (el) { el.classList.remove('sel'); });
    R.sel = index >= 0 ? { source: source, index: index } : null;
    var el = index >= 0 && R.wordEl(source, index);
    if (!el) return;
    el.classList.add('sel');
    if (scroll !== false) el.scrollIntoView({ block: 'nearest' });
  };

  function useSource(source) {
    if (player.dataset.source === source) return;
    player.dataset.source = source;
    player.src = '/api/audio?source=' + encodeURIComponent(source);
  }

  function start(label) {
    nowPlaying.textContent = label;
    var started = player.play();
    if (started && started.catch) {
      started.catch(function (error) { if (error.name !== 'AbortError') nowPlaying.textContent = 'Cannot play ' + label + ': ' + error.message; });
    }
  }

  /** Play word `index` of `source`, stopping at its end. */
  R.playWord = function (source, index) {
    var rec = R.recs[source];
    var w = rec && rec.words[index];
    if (!w) return;
    if (!rec.audio) { nowPlaying.textContent = 'The source audio of ' + source + ' is not available to the browser.'; return; }
    if (w[1] === null) { nowPlaying.textContent = '“' + w[0] + '” is not placed in the audio.'; return; }
    useSource(source);
    player.currentTime = w[1] / 1000;
    stopAt = w[2] / 1000;
    start('“' + w[0] + '” in ' + source + ' (' + fmtMs(w[1]) + ')');
  };

  /** Play or pause the whole recording of the selected word (from that word when starting anew). */
  R.togglePlay = function (source) {
    source = source || (R.sel && R.sel.source) || (R.entries[0] && R.entries[0].source);
    var rec = source && R.recs[source];
    if (!rec || !rec.audio) return;
    if (!player.paused && player.dataset.source === source) { player.pause(); return; }
    var from = R.sel && R.sel.source === source ? rec.words[R.sel.index] : null;
    var resume = player.dataset.source === source && player.currentTime > 0 && !player.ended;
    useSource(source);
    if (!resume) player.currentTime = from && from[1] !== null ? from[1] / 1000 : 0;
    stopAt = null;
    start(source);
  };

  /** The last word starting at or before `ms` (binary search over the timed words). */
  function wordAt(rec, ms) {
    var lo = 0, hi = rec.words.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      var s = rec.words[mid][1];
      if (s === null || s <= ms) { if (s !== null) found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found >= 0 && rec.words[found][2] >= ms ? found : -1;
  }

  function tick() {
    if (stopAt !== null && player.currentTime >= stopAt) { player.pause(); stopAt = null; }
    var source = player.dataset.source;
    var rec = source && R.recs[source];
    if (rec) karaoke(source, rec, wordAt(rec, player.currentTime * 1000));
    if (!player.paused) window.requestAnimationFrame(tick);
  }

  function karaoke(source, rec, index) {
    var el = index >= 0 ? R.wordEl(source, index) : null;
    if (el === hlWord) return;
    if (hlWord) hlWord.classList.remove('now');
    hlWord = el;
    var hl = sections[source].querySelector('.hl');
    if (!el) { hl.hidden = true; return; }
    el.classList.add('now');
    var w = rec.words[index];
    var box = sections[source].querySelector('canvas').clientWidth;
    hl.hidden = false;
    hl.style.left = (w[1] / Math.max(1, rec.ms) * box) + 'px';
    hl.style.width = Math.max(2, (w[2] - w[1]) / Math.max(1, rec.ms) * box) + 'px';
  }

  player.addEventListener('playing', function () { window.requestAnimationFrame(tick); });
  player.addEventListener('timeupdate', tick);
  player.addEventListener('pause', function () {
    if (hlWord) hlWord.classList.remove('now');
    hlWord = null;
    var section = sections[player.dataset.source];
    if (section) section.querySelector('.hl').hidden = true;
  });

  document.addEventListener('click', function (event) {
    var word = event.target.closest('[data-word]');
    if (word && !event.target.closest('input')) {
      var source = word.closest('[data-recording]').dataset.recording;
      R.select(source, Number(word.dataset.word), false);
      R.playWord(source, Number(word.dataset.word));
      return;
    }
    var button = event.target.closest('.play-rec');
    if (button) { R.togglePlay(button.closest('[data-recording]').dataset.recording); return; }
    if (event.target.tagName === 'CANVAS') {
      var section = event.target.closest('[data-recording]');
      var rec = R.recs[section.dataset.recording];
      if (!rec) return;
      var box = event.target.getBoundingClientRect();
      var ms = (event.clientX - box.left) / box.width * rec.ms;
      var near = rec.words.findIndex(function (w) { return w[2] !== null && w[2] >= ms; });
      if (near >= 0) { R.select(rec.source, near); R.playWord(rec.source, near); }
    }
  });

  // ---- loading ---------------------------------------------------------------------

  function loadAll() {
    var queue = R.entries.map(function (e) { return e.source; });
    function next() {
      var source = queue.shift();
      if (source === undefined) return;
      load(source).then(next);
    }
    next();
    next();
  }

  function observe() {
    var io = new IntersectionObserver(function (items) {
      items.forEach(function (item) {
        if (item.isIntersecting) { io.unobserve(item.target); load(item.target.dataset.recording); }
      });
    }, { rootMargin: '600px 0px' });
    Object.keys(sections).forEach(function (s) { io.observe(sections[s]); });
  }

  document.getElementById('filter').addEventListener('change', applyFilter);

  fetch('/api/recordings').then(function (res) { return res.json(); }).then(function (data) {
    var first = data.recordings.filter(attention);
    R.entries = first.concat(data.recordings.filter(function (e) { return !attention(e); }));
    document.getElementById('subtitle').textContent = plural(R.entries.length, 'recording') + ' · ' + first.length + ' needing attention' +
      ' · ' + data.runDir;
    renderList();
    observe();
    var visible = R.entries.slice(0, 3).map(function (e) { return load(e.source); });
    return Promise.all(visible).then(function () {
      // For tests and the benchmark: the first recordings are drawn, and when (ms since navigation start).
      document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
      document.documentElement.dataset.ready = '1';
      loadAll();
    });
  }).catch(function (error) { R.status('Cannot load the run: ' + error.message, true); });
})();
