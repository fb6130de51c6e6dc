/**
 * A Praat TextGrid (long text format) of a timed transcript: interval tiers `words`, `phrases`
 * and `lines` (the text's lines that hold a word: lines.ts), each covering the recording from 0 to its duration with contiguous
 * intervals — the words (or phrases) with their text, empty intervals in the gaps. Times are in
 * seconds (whole ms written exactly: 1250 ms → `1.25`). Words that overlap the one before start at
 * its end; spans left empty by that (or by the recording's end) are left out, since an interval
 * tier cannot hold overlapping or empty intervals.
 */
import { textLines } from './lines.js';
import type { TimedTranscript } from './model.js';

/** One interval of a tier, whole ms. */
export interface Interval {
  startMs: number;
  endMs: number;
  text: string;
}

/** Contiguous intervals from 0 to `durationMs`: `spans` in order, gaps as empty text. */
export function tierIntervals(
  spans: readonly { startMs: number | null; endMs: number | null; text: string }[],
  durationMs: number,
): Interval[] {
  const out: Interval[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.startMs === null || span.endMs === null) continue;
    const startMs = Math.max(span.startMs, at);
    const endMs = Math.min(span.endMs, durationMs);
    if (endMs <= startMs) continue;
    if (startMs > at) out.push({ startMs: at, endMs: startMs, text: '' });
    out.push({ startMs, endMs, text: span.text.replace(/\s+/g, ' ').trim() });
    at = endMs;
  }
  if (at < durationMs || out.length === 0) out.push({ startMs: at, endMs: durationMs, text: '' });
  return out;
}

const seconds = (ms: number): string => String(ms / 1000);
const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** The TextGrid file of `timed`. */
export function toTextGrid(timed: TimedTranscript): string {
  const end = seconds(timed.durationMs);
  const tiers = [
    { name: 'words', intervals: tierIntervals(timed.words, timed.durationMs) },
    { name: 'phrases', intervals: tierIntervals(timed.phrases, timed.durationMs) },
    { name: 'lines', intervals: tierIntervals(textLines(timed), timed.durationMs) },
  ];
  const lines = [
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    '',
    'xmin = 0',
    `xmax = ${end}`,
    'tiers? <exists>',
    `size = ${tiers.length}`,
    'item []:',
  ];
  for (const [t, tier] of tiers.entries()) {
    lines.push(
      `    item [${t + 1}]:`,
      '        class = "IntervalTier"',
      `        name = ${quoted(tier.name)}`,
      '        xmin = 0',
      `        xmax = ${end}`,
      `        intervals: size = ${tier.intervals.length}`,
    );
    for (const [i, interval] of tier.intervals.entries()) {
      lines.push(
        `        intervals [${i + 1}]:`,
        `            xmin = ${seconds(interval.startMs)}`,
        `            xmax = ${seconds(interval.endMs)}`,
        `            text = ${quoted(interval.text)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
