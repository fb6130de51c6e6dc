/**
 * How the alignment benchmark (alignment.mjs) scores spans against the truth: a word is placed when
 * it gets a span, on another word's audio when its span overlaps another word's truth more than its
 * own, and its start and end errors (span minus truth, ms) are counted only for words on their own
 * audio; figures are the median absolute error and the shares within 20 and 50 ms.
 */
import { median } from './lib.mjs';

export const pct = (n, d) => (d === 0 ? 0 : (100 * n) / d);
export function figures(errors) {
  const abs = errors.map(Math.abs);
  return {
    median: median(abs),
    within20: pct(abs.filter((e) => e <= 20).length, abs.length),
    within50: pct(abs.filter((e) => e <= 50).length, abs.length),
    n: abs.length,
  };
}
export const show = (f) => `median ${f.median.toFixed(1)} ms, ${f.within20.toFixed(1)} % ≤ 20 ms, ${f.within50.toFixed(1)} % ≤ 50 ms`;

/** A text's fit: aligned minus phone-loop score per frame / share of its words found / share found fitting well. */
export const showFit = (fit) => `${fit.scorePerFrame === null ? '–' : fit.scorePerFrame.toFixed(0)} / ${(100 * fit.placedShare).toFixed(0)} % / ${(100 * fit.wellFitShare).toFixed(0)} %`;

const overlap = (a, b) => Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));

/** Placed, on another word's audio, start and end errors of spans against truth. */
export function score(spans, truth) {
  const start = [];
  const end = [];
  let placed = 0;
  let misplaced = 0;
  spans.forEach((span, i) => {
    if (span === null) return;
    placed++;
    const own = overlap(span, truth[i]);
    if (truth.some((t, j) => j !== i && overlap(span, t) > own)) { misplaced++; return; }
    start.push(span.startMs - truth[i].startMs);
    end.push(span.endMs - truth[i].endMs);
  });
  return { placed, misplaced, start, end };
}
