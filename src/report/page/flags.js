/*
 * The QA report's "Needs a look": a legend of the flag tokens (what each means, from data.js
 * `flags`, and how many clips carry it) whose buttons filter the recordings' clip lists to the
 * clips with that flag, instead of one long list of every flagged clip. Adds renderFlagged and
 * filterClips to window.DICTCLIP_PAGE (see format.js); report.js renders the recordings and
 * routes clicks on [data-filter] here.
 */
(function () {
  'use strict';

  var P = window.DICTCLIP_PAGE;
  var esc = P.esc, plural = P.plural, isFlagged = P.isFlagged;
  var data = window.DICTCLIP_REPORT;
  var recs = data.recordings;
  var ANY = 'any'; // the filter value of "any flag"

  function hasFlag(c, token) {
    return token === ANY ? isFlagged(c) : (' ' + c[4] + ' ').indexOf(' ' + token + ' ') >= 0;
  }

  /** Clips per flag token (and ANY: flagged clips), over every recording. */
  function countFlags() {
    var counts = {};
    counts[ANY] = 0;
    recs.forEach(function (r) {
      r.c.forEach(function (c) {
        if (!isFlagged(c)) return;
        counts[ANY]++;
        c[4].split(' ').forEach(function (f) { counts[f] = (counts[f] || 0) + 1; });
      });
    });
    return counts;
  }

  function legendRow(token, label, meaning, count) {
    var button = count > 0
      ? '<button type="button" class="flag" data-filter="' + esc(token) + '" aria-pressed="false" title="List only these clips below">' + esc(label) + '</button>'
      : '<span class="flag none">' + esc(label) + '</span>';
    return '<tr data-legend="' + esc(token) + '"' + (count > 0 ? '' : ' class="muted"') + '><td>' + button + '</td>' +
      '<td class="num">' + count + '</td><td>' + esc(meaning) + '</td></tr>';
  }

  /** The legend into `el`: every known token (in data.js order), then any other token the manifest holds. */
  function renderFlagged(el) {
    var counts = countFlags();
    var meanings = data.flags;
    var tokens = Object.keys(meanings).concat(Object.keys(counts).filter(function (f) { return f !== ANY && !(f in meanings); }));
    var clamped = data.summary.paddingClampedEdges;
    el.innerHTML = '<p>' + (counts[ANY] === 0 ? 'No clip is flagged.' : plural(counts[ANY], 'clip') + ' flagged (a clip may carry several flags). ' +
      'Pick a flag to list only its clips under Recordings; flagged clips are kept, and <code>dictclip export --exclude-flagged</code> leaves them out.') + '</p>' +
      '<table class="legend"><thead><tr><th>Flag</th><th class="num">Clips</th><th>Meaning</th></tr></thead><tbody>' +
      legendRow(ANY, 'any flag', 'Every flagged clip.', counts[ANY]) +
      tokens.map(function (f) { return legendRow(f, f, f in meanings ? meanings[f] : 'Not a flag this version of dictclip writes.', counts[f] || 0); }).join('') +
      '</tbody></table>' +
      (clamped ? '<p class="muted">Not a flag: ' + plural(clamped, 'clip edge') + ' had their padding cut short at the midpoint to a neighbouring word ' +
        '(summary.json <code>paddingClampedEdges</code>; <code>--pad-mode overlap</code> keeps the whole padding).</p>' : '');
  }

  /** Show only the clips with flag `token` (ANY: any flag) and the recordings that have some; null shows every clip. */
  function filterClips(token) {
    var shown = 0;
    var inRecs = 0;
    recs.forEach(function (r, ri) {
      var section = document.getElementById('rec-' + ri);
      var n = 0;
      r.c.forEach(function (c, ci) {
        var match = token === null || hasFlag(c, token);
        document.getElementById('clip-' + ri + '-' + ci).hidden = !match;
        if (match) n++;
      });
      section.hidden = token !== null && n === 0;
      shown += n;
      if (n > 0) inRecs++;
    });
    document.querySelectorAll('button[data-filter]').forEach(function (b) { b.setAttribute('aria-pressed', String(b.dataset.filter === token)); });
    var status = document.getElementById('filter-status');
    status.hidden = token === null;
    status.innerHTML = token === null ? '' : 'Showing the ' + plural(shown, 'clip') + ' flagged <span class="flag">' + esc(token === ANY ? 'any flag' : token) +
      '</span> in ' + plural(inRecs, 'recording') + '. <button type="button" data-filter="">Show every clip</button>';
    document.body.dataset.filter = token === null ? '' : token;
    if (token !== null) document.getElementById('recordings').scrollIntoView();
  }

  P.renderFlagged = renderFlagged;
  P.filterClips = filterClips;
})();
