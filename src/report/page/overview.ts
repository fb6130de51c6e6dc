/**
 * The QA report's overview: summary cards, the clip-duration histogram, clips per recording, time
 * per stage, the agreement with reference transcripts, and the failures table.
 */
import type { RunSummary } from '../../run-output/rows.js';
import { bars, esc, fmtMs, median, type BarRow } from './format.js';
import { isFlagged, type PageRun } from './run.js';

function allDurations(run: PageRun): number[] {
  const out: number[] = [];
  for (const r of run.recordings) for (const c of r.clips) out.push(c.endMs - c.startMs);
  return out.sort((a, b) => a - b);
}

function histogram(durations: readonly number[]): string {
  if (durations.length === 0) return '<p class="muted">No clips.</p>';
  const top = durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.99))]!;
  const steps = [10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 30000, 60000];
  const bin = steps.find((s) => top / s <= 24) ?? 60000;
  const bins = Math.floor(top / bin) + 1;
  const counts = new Array<number>(bins).fill(0);
  let over = 0;
  for (const d of durations) {
    const i = Math.floor(d / bin);
    if (i < bins) counts[i]! += 1;
    else over++;
  }
  const max = Math.max(over, 1, ...counts);
  const cols = counts.map((n, i) => `<div class="col" title="${fmtMs(i * bin)}–${fmtMs((i + 1) * bin)}: ${n} clips">` +
    `<span style="height:${(100 * n / max).toFixed(1)}%"></span></div>`);
  if (over > 0) cols.push(`<div class="col over" title="longer: ${over} clips"><span style="height:${(100 * over / max).toFixed(1)}%"></span></div>`);
  return `<div class="histogram">${cols.join('')}</div>` +
    `<div class="axis"><span>0</span><span>${fmtMs(bins * bin / 2)}</span><span>${fmtMs(bins * bin)}${over > 0 ? ' +' : ''}</span></div>`;
}

export function renderOverview(run: PageRun, el: HTMLElement): void {
  const s = run.data.summary;
  const durations = allDurations(run);
  const total = durations.reduce((a, b) => a + b, 0);
  let flagged = 0;
  for (const r of run.recordings) for (const c of r.clips) if (isFlagged(c)) flagged++;
  // summary.json: `resumed` since it was split from `skipped`; older runs called resumed ones `skipped`.
  const resumed = 'resumed' in s ? s.resumed : s.skipped;
  const cards: [string, string | number | undefined][] = [
    ['Recordings', s.recordings ?? run.recordings.length],
    ['Done', s.done], ['Failed', run.data.failures.length], ['Resumed', resumed],
  ];
  if ('resumed' in s && s.skipped) cards.push(['Files skipped', s.skipped]);
  cards.push(['Clips', durations.length], ['Clip audio', fmtMs(total)], ['Median clip', fmtMs(median(durations))], ['Flagged clips', flagged]);
  if (s.wallTimeMs !== undefined) cards.push(['Wall time', fmtMs(s.wallTimeMs)]);
  const stageRows = stageTimes(run.data.stages, s.stageMs ?? {}, s.earlierStageMs ?? {});
  const earlierNote = s.earlierStageMs && Object.keys(s.earlierStageMs).length ? '<p class="muted"><span class="earlier">earlier run</span> ' +
    'Dictation stages of the recordings this run re-cut or resumed from saved markers, timed in the run that dictated them.</p>' : '';
  const perRecording: BarRow[] = run.recordings.map((r) => ({
    label: r.data.source, labelHtml: `<a href="#rec-${r.index}">${esc(r.data.source)}</a>`, value: r.clips.length,
  }));
  el.innerHTML = notices(s) +
    `<div class="cards">${cards.map(([label, value]) =>
      `<div class="card"><span class="card-value">${esc(value ?? '–')}</span><span class="card-label">${esc(label)}</span></div>`).join('')}</div>` +
    '<div class="panels">' +
    `<div class="panel"><h3>Clip durations</h3>${histogram(durations)}</div>` +
    `<div class="panel"><h3>Clips per recording</h3><div class="scroll">${bars(perRecording, String)}</div></div>` +
    `<div class="panel" id="stages"><h3>Time per stage</h3>${stageRows.length ? bars(stageRows, fmtMs) +
      `<p class="muted">Summed over recordings; recordings overlap, so the sum can exceed the wall time.</p>${earlierNote}` : '<p class="muted">Not recorded by this run.</p>'}</div>` +
    `</div>${trustTable(run, s.confidence)}${agreementTable(s.references)}`;
}

/**
 * What the run says must be looked at before the numbers: exports made from an earlier manifest
 * (summary.json `staleExports`), and recordings of a run with references that had none (`withoutReference`).
 */
function notices(s: Partial<RunSummary>): string {
  const out: string[] = [];
  const stale = s.staleExports ?? [];
  if (stale.length > 0) {
    out.push(`<p class="notice" data-stale-exports="${stale.length}"><strong>Stale exports:</strong> made from an earlier manifest, which this run changed; ` +
      `rebuild them with <code>dictclip export</code>: ${stale.map((dir) => `<code>${esc(dir)}</code>`).join(', ')}</p>`);
  }
  const without = s.withoutReference ?? [];
  if (without.length > 0) {
    out.push(`<p class="notice" data-without-reference="${without.length}"><strong>${without.length} without a reference transcript</strong> ` +
      `(cut from what the recognizer heard): ${without.map((source) => esc(source)).join(', ')}</p>`);
  }
  return out.join('');
}

type StageTimes = Readonly<Record<string, number | undefined>>;

/**
 * Bar rows of summary.json `stageMs` (this run) and `earlierStageMs` (dictations it reused, timed
 * when they were dictated): each stage's earlier time right after its own, marked.
 */
function stageTimes(order: readonly string[], now: StageTimes, earlier: StageTimes): BarRow[] {
  const rows: BarRow[] = [];
  const stages = [...Object.keys(now), ...Object.keys(earlier).filter((k) => !(k in now))];
  stages.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const k of stages) {
    const mine = now[k];
    const before = earlier[k];
    if (k in now) rows.push({ label: k, labelHtml: esc(k), value: mine ?? 0, attrs: ` data-stage="${esc(k)}"` });
    if (k in earlier) {
      rows.push({ label: `${k} (earlier run)`, labelHtml: `${esc(k)} <span class="earlier">earlier run</span>`, value: before ?? 0,
        attrs: ` data-stage="${esc(k)}" data-earlier="1"` });
    }
  }
  return rows;
}

/** summary.json `confidence`: per recording, the least trusted first, how many words are placed, unaligned, low-confidence. */
function trustTable(run: PageRun, entries: RunSummary['confidence']): string {
  if (!entries || entries.length === 0) return '';
  const index = new Map(run.recordings.map((r) => [r.data.source, r.index]));
  const head = ['Recording', 'Words', 'Placed', 'Unaligned', 'Low-confidence', 'Mean confidence'];
  return '<div class="panel" id="confidence"><h3>Which labels to trust, least trusted first</h3><table><thead><tr>' +
    `${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${
      entries.map((c) => {
        const at = index.get(c.source);
        const name = at === undefined ? esc(c.source) : `<a href="#rec-${at}">${esc(c.source)}</a>`;
        const cells = [name, c.words, c.placed, c.unaligned, c.lowConfidence, c.meanConfidence === null ? '–' : c.meanConfidence.toFixed(3)];
        return `<tr data-confidence="${esc(c.source)}">${cells.map((v) => `<td>${v}</td>`).join('')}</tr>`;
      }).join('')}</tbody></table><p class="muted">Confidence: the calibrated probability that a clip holds its word with both edges within 50 ms. ` +
    'A recording mostly low-confidence or unaligned likely has the wrong text, the wrong language, or no speech.</p></div>';
}

/** summary.json `references`: per recording cut from a reference transcript, how far the recognizer agreed with it. */
function agreementTable(references: RunSummary['references']): string {
  if (!references || references.length === 0) return '';
  const head = ['Recording', 'WER', 'Words', 'Matched', 'Substituted', 'Unheard', 'Unaligned', 'Extra heard'];
  return '<div class="panel" id="agreement"><h3>Recognizer against the reference transcripts</h3><table><thead><tr>' +
    `${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${
      references.map((r) => {
        const cells = [esc(r.source), `${(100 * r.wer).toFixed(1)} %`, r.words, r.matched, r.substituted, r.unheard, r.unaligned, r.extra];
        return `<tr data-agreement="${esc(r.source)}">${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
      }).join('')}</tbody></table><p class="muted">Word error rate of what the recognizer heard against the reference (spoken forms: 1984 = nineteen eighty four). ` +
    'Unheard words the recognizer did not produce; unaligned ones could not be placed at all (cut at an estimate and flagged <code>unaligned</code>, or left out).</p></div>';
}

export function renderFailures(run: PageRun, el: HTMLElement): void {
  if (run.data.failures.length === 0) { el.innerHTML = '<p class="muted">No recording failed.</p>'; return; }
  el.innerHTML = '<table class="failures"><thead><tr><th>Recording</th><th>Stage</th><th>Code</th><th>Message</th></tr></thead><tbody>' +
    run.data.failures.map((f) => `<tr data-failure="${esc(f.source)}"><td>${esc(f.source)}</td><td>${esc(f.stage)}</td><td><code>${esc(f.code)}` +
      `</code></td><td>${esc(f.message)}</td></tr>`).join('') + '</tbody></table>';
}
