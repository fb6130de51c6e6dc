/*
 * The QA report's waveform canvas: clip spans over the 10 ms min/max peaks of the recording, clip
 * edges as lines, and the recognizer's markers in a lane underneath. Adds drawWave and the
 * canvas's CSS height to window.DICTCLIP_PAGE (see format.js).
 */
(function () {
  'use strict';

  var P = window.DICTCLIP_PAGE;
  var isFlagged = P.isFlagged;
  var WAVE_HEIGHT = 96;
  var LANE = 10; // the marker lane under the waveform, CSS px

  /** Draw recording `r` into `canvas`; `rec` (its rec/<key>.js data: peaks, markers) once loaded. */
  function drawWave(canvas, r, rec) {
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

  P.drawWave = drawWave;
  P.WAVE_CSS_HEIGHT = WAVE_HEIGHT + LANE;
})();
