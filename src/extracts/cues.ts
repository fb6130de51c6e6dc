/** The supercut's subtitle and map files: WebVTT cues and the clip → source → supercut JSON. */
import { clockTime } from '../timed/index.js';

/** One clip placed in the supercut. */
export interface Placement {
  file_name: string;
  text: string;
  source: string;
  source_start_ms: number;
  source_end_ms: number;
  /** Span in the supercut, ms (from its frame positions, rounded to the ms). */
  supercut_start_ms: number;
  supercut_end_ms: number;
}

/** `HH:MM:SS.mmm` of a whole number of ms (the WebVTT clock of src/timed). */
export function vttTime(ms: number): string {
  return clockTime(ms);
}

/** Cue text: one line, `&`, `<` and `>` escaped (so no cue can end early or open a tag). */
function cueText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A WebVTT file with one numbered cue per placement: its text over its exact supercut span. */
export function toVtt(placements: readonly Placement[]): string {
  const cues = placements.map((p, i) => `${i + 1}\n${vttTime(p.supercut_start_ms)} --> ${vttTime(p.supercut_end_ms)}\n${cueText(p.text)}\n`);
  return ['WEBVTT\n', ...cues].join('\n');
}
