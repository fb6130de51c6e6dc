/**
 * Profile substitution rules, applied as the last step of a transcript. Markers are re-mapped so
 * they index into the substituted text: tokens outside replaced spans shift, tokens overlapping a
 * replaced span merge into one marker (audio = union), an emptied marker disappears.
 */
import type { WordMarker } from '../../markers/model.js';
import { DictclipError } from '../../errors.js';
import type { SubstitutionRule } from '../types.js';

/** Text and markers indexing into it. */
export interface MarkedText {
  text: string;
  markers: WordMarker[];
}

/** One match of a rule: original span `[start, end)` and the text replacing it. */
interface Replacement {
  start: number;
  end: number;
  text: string;
  newStart: number;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The rule as a global RegExp; literal rules match whole words, case-insensitively. */
export function compileRule(rule: SubstitutionRule): RegExp {
  if (rule.kind === 'literal') {
    const before = WORD_CHAR.test(rule.from.charAt(0)) ? '(?<![\\p{L}\\p{N}_])' : '';
    const after = WORD_CHAR.test(rule.from.charAt(rule.from.length - 1)) ? '(?![\\p{L}\\p{N}_])' : '';
    return new RegExp(`${before}${escapeRegExp(rule.from)}${after}`, 'giu');
  }
  const flags = rule.flags ?? 'g';
  try {
    return new RegExp(rule.pattern, flags.includes('g') ? flags : `${flags}g`);
  } catch (error) {
    throw new DictclipError('E_CONFIG', `Invalid substitution pattern /${rule.pattern}/${flags}: ${(error as Error).message}`, {
      key: 'substitutions',
      cause: error,
    });
  }
}

/** Expand `$$`, `$&`, `` $` ``, `$'`, `$n`, `$nn` and `$<name>` like String.prototype.replace. */
function expand(template: string, m: RegExpMatchArray, input: string): string {
  const index = m.index ?? 0;
  return template.replace(/\$(\$|&|`|'|\d\d?|<([^>]*)>)/g, (whole, token: string, name: string | undefined) => {
    if (token === '$') return '$';
    if (token === '&') return m[0];
    if (token === '`') return input.slice(0, index);
    if (token === "'") return input.slice(index + m[0].length);
    if (name !== undefined) return m.groups === undefined ? whole : (m.groups[name] ?? '');
    const two = Number(token);
    if (token.length === 2 && two >= 1 && two < m.length) return m[two] ?? '';
    const one = Number(token.charAt(0));
    if (one >= 1 && one < m.length) return (m[one] ?? '') + token.slice(1);
    return whole;
  });
}

function findReplacements(text: string, rule: SubstitutionRule): Replacement[] {
  const template = rule.to;
  return [...text.matchAll(compileRule(rule))].map((m) => {
    const start = m.index ?? 0;
    return { start, end: start + m[0].length, text: rule.kind === 'literal' ? template : expand(template, m, text), newStart: 0 };
  });
}

/** Map an original offset to the new text (`side` decides where insertions at the offset go). */
function mapOffset(p: number, side: 'start' | 'end', reps: readonly Replacement[]): number {
  let shift = 0;
  for (const r of reps) {
    if (r.start < p && p < r.end) return side === 'start' ? r.newStart : r.newStart + r.text.length;
    if (r.end < p || (r.end === p && (side === 'start' || r.start < r.end))) shift += r.text.length - (r.end - r.start);
  }
  return p + shift;
}

/** Apply replacements (sorted, non-overlapping) to text and markers. */
function applyReplacements(input: MarkedText, reps: Replacement[]): MarkedText {
  if (reps.length === 0) return input;
  let text = '';
  let cursor = 0;
  for (const r of reps) {
    text += input.text.slice(cursor, r.start);
    r.newStart = text.length;
    text += r.text;
    cursor = r.end;
  }
  text += input.text.slice(cursor);

  // Group markers that share a replaced span (markers and spans are both in text order).
  const groups: { markers: WordMarker[]; start: number; end: number; lastRep: Replacement | undefined }[] = [];
  for (const marker of input.markers) {
    const start = marker.textStart;
    const end = start + marker.textLength;
    const hits = reps.filter((r) => r.start < r.end && r.start < end && r.end > start);
    const first = hits[0];
    const last = hits.at(-1);
    const spanEnd = Math.max(end, last?.end ?? end);
    const current = groups.at(-1);
    if (current?.lastRep !== undefined && first !== undefined && first.start < current.lastRep.end) {
      current.markers.push(marker);
      current.end = Math.max(current.end, spanEnd);
      current.lastRep = last;
    } else {
      groups.push({ markers: [marker], start: Math.min(start, first?.start ?? start), end: spanEnd, lastRep: last });
    }
  }
  const markers: WordMarker[] = [];
  for (const group of groups) {
    const textStart = mapOffset(group.start, 'start', reps);
    const textEnd = mapOffset(group.end, 'end', reps);
    if (textEnd <= textStart) continue;
    // A marker made of several keeps the lowest confidence among them (none when none had one).
    const confidences = group.markers.flatMap((m) => (m.confidence === undefined ? [] : [m.confidence]));
    markers.push({
      text: text.slice(textStart, textEnd),
      textStart,
      textLength: textEnd - textStart,
      startMs: Math.min(...group.markers.map((m) => m.startMs)),
      endMs: Math.max(...group.markers.map((m) => m.endMs)),
      ...(confidences.length === 0 ? {} : { confidence: Math.min(...confidences) }),
    });
  }
  return { text, markers };
}

/** Collapse runs of spaces, drop spaces before punctuation, trim the ends (after emptied words). */
const TIDY_RULES: SubstitutionRule[] = [
  { kind: 'regex', pattern: ' {2,}', to: ' ' },
  { kind: 'regex', pattern: ' +(?=[.,!?;:])', to: '' },
  { kind: 'regex', pattern: '^ +| +$', to: '' },
];

/**
 * Apply the rules in order to a transcript and its markers. `literal` rules replace whole words,
 * case-insensitively, with `to` taken literally; `regex` rules follow String.prototype.replace
 * (flags default `g`, `g` always added). After the rules, runs of spaces are collapsed, spaces
 * before `.,!?;:` removed and the text trimmed. A rule matching the whole transcript leaves one marker spanning all the audio.
 * Throws E_CONFIG for an invalid pattern.
 */
export function applySubstitutions(input: MarkedText, rules: readonly SubstitutionRule[]): MarkedText {
  if (rules.length === 0) return input;
  let current = input;
  for (const rule of [...rules, ...TIDY_RULES]) current = applyReplacements(current, findReplacements(current.text, rule));
  return current;
}
