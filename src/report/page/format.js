/*
 * The dictclip QA report page: shared helpers (formatting, escaping, bar charts) for the other
 * page scripts. Plain script, as file:// allows no ES modules: it sets window.DICTCLIP_PAGE, which
 * overview.js, wave.js and report.js read and extend. Clip rows in data.js are
 * [file, text, startMs, endMs, flags]; `r.d` is the recording's clip folder.
 */
(function () {
  'use strict';

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
      return '<div class="bar-row"' + (r.attrs || '') + '><span class="bar-label" title="' + esc(r.label) + '">' + r.labelHtml + '</span>' +
        '<span class="bar"><span style="width:' + (100 * r.value / max).toFixed(2) + '%"></span></span>' +
        '<span class="bar-value">' + esc(unit(r.value)) + '</span></div>';
    }).join('') + '</div>';
  }

  window.DICTCLIP_PAGE = {
    esc: esc, fmtMs: fmtMs, href: href, plural: plural, clipPath: clipPath, isFlagged: isFlagged,
    median: median, bars: bars,
  };
})();
