/*
 * The QA report's overview: summary cards, the clip-duration histogram, clips per recording, time
 * per stage and the failures table. Adds render functions to
 * window.DICTCLIP_PAGE (see format.js); report.js calls them once the page loads.
 */
(function () {
  'use strict';

  var P = window.DICTCLIP_PAGE;
  var esc = P.esc, fmtMs = P.fmtMs, isFlagged = P.isFlagged, median = P.median, bars = P.bars;
  var data = window.DICTCLIP_REPORT;
  var recs = data.recordings;
  var STAGE_ORDER = data.stages; // the pipeline's stages, in processing order

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
    var stageRows = stageTimes(s.stageMs || {}, s.earlierStageMs || {});
    var earlierNote = s.earlierStageMs && Object.keys(s.earlierStageMs).length ? '<p class="muted"><span class="earlier">earlier run</span> ' +
      'Dictation stages of the recordings this run re-cut or resumed from saved markers, timed in the run that dictated them.</p>' : '';
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
      '<div class="panel" id="stages"><h3>Time per stage</h3>' + (stageRows.length ? bars(stageRows, fmtMs) +
        '<p class="muted">Summed over recordings; recordings overlap, so the sum can exceed the wall time.</p>' + earlierNote : '<p class="muted">Not recorded by this run.</p>') + '</div>' +
      '</div>' + agreementTable(s.references);
  }

  /**
   * Bar rows of summary.json `stageMs` (this run) and `earlierStageMs` (dictations it reused, timed
   * when they were dictated): each stage's earlier time right after its own, marked.
   */
  function stageTimes(now, earlier) {
    var rows = [];
    var stages = Object.keys(now).concat(Object.keys(earlier).filter(function (k) { return !(k in now); }));
    stages.sort(function (a, b) { return STAGE_ORDER.indexOf(a) - STAGE_ORDER.indexOf(b); });
    stages.forEach(function (k) {
      if (k in now) rows.push({ label: k, labelHtml: esc(k), value: now[k], attrs: ' data-stage="' + esc(k) + '"' });
      if (k in earlier) {
        rows.push({ label: k + ' (earlier run)', labelHtml: esc(k) + ' <span class="earlier">earlier run</span>', value: earlier[k],
          attrs: ' data-stage="' + esc(k) + '" data-earlier="1"' });
      }
    });
    return rows;
  }

  /** summary.json `references`: per recording cut from a reference transcript, how far the recognizer agreed with it. */
  function agreementTable(references) {
    if (!references || references.length === 0) return '';
    var head = ['Recording', 'WER', 'Words', 'Matched', 'Substituted', 'Unheard', 'Unaligned', 'Extra heard'];
    return '<div class="panel" id="agreement"><h3>Recognizer against the reference transcripts</h3><table><thead><tr>' +
      head.map(function (h) { return '<th>' + h + '</th>'; }).join('') + '</tr></thead><tbody>' +
      references.map(function (r) {
        var cells = [esc(r.source), (100 * r.wer).toFixed(1) + ' %', r.words, r.matched, r.substituted, r.unheard, r.unaligned, r.extra];
        return '<tr data-agreement="' + esc(r.source) + '">' + cells.map(function (c) { return '<td>' + c + '</td>'; }).join('') + '</tr>';
      }).join('') + '</tbody></table><p class="muted">Word error rate of what the recognizer heard against the reference (spoken forms: 1984 = nineteen eighty four). ' +
      'Unheard words the recognizer did not produce; unaligned ones could not be placed at all (cut at an estimate and flagged <code>unaligned</code>, or left out).</p></div>';
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

  P.renderOverview = renderOverview;
  P.renderFailures = renderFailures;
})();
