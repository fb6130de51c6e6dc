import { findPhrases } from '../../markers/index.js';
import type { DictationResult } from '../../markers/index.js';
import type { RunSummary } from '../../run-output/rows.js';

/** Occurrences of each `--find` phrase in one recording's markers (undefined without `--find`). */
export function phraseCounts(result: DictationResult | undefined, phrases: readonly string[] | undefined): number[] | undefined {
  if (phrases === undefined || phrases.length === 0 || result === undefined) return undefined;
  return findPhrases(result.markers, phrases).counts;
}

/**
 * The summary's phrase-search part: every phrase with its number of occurrences over all
 * recordings, and a note for each phrase found nowhere (no match is not an error).
 */
export function findSummary(phrases: readonly string[] | undefined, perRecording: readonly (number[] | undefined)[]): Pick<RunSummary, 'find' | 'notes'> {
  if (phrases === undefined || phrases.length === 0) return {};
  const find = phrases.map((phrase, i) => ({ phrase, matches: perRecording.reduce((sum, counts) => sum + (counts?.[i] ?? 0), 0) }));
  const notes = find.filter((entry) => entry.matches === 0).map((entry) => `--find ${JSON.stringify(entry.phrase)}: no match in any recording`);
  return { find, notes };
}
