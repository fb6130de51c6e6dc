/**
 * The phone pass run (phone-pass.ts for its pieces, dictionary and grammar; rivals.ts for the
 * words beside each placed one): one recognizer process over every piece of a recording.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { phoneDictionary, phoneGrammar, phonePieces, phoneStarts } from './phone-pass.js';
import { rivalWins } from './rivals.js';
import { FRAME_MS, grammarSearch, type SearchOptions } from './search.js';
import type { AcousticSpan } from './types.js';

/**
 * The phone pass (phone-pass.ts) over the placed words: per word where it starts its first phone, ms, and the words whose rival it
 * took (rivals.ts); `phones`: per word its chosen phones; `rivalsOf`: the placed words' rivals.
 */
export async function phonePass(
  spans: readonly (AcousticSpan | null)[],
  phones: ReadonlyMap<number, readonly string[]>,
  rivalsOf: (placed: readonly number[]) => ReadonlyMap<number, readonly (readonly string[])[]>,
  durationMs: number,
  search: SearchOptions,
): Promise<{ starts: Map<number, number>; rivalWon: Set<number> }> {
  const pieces = phonePieces(spans, durationMs).map((p, i) => ({ ...p, id: `ph${i}` }));
  if (pieces.length === 0) return { starts: new Map(), rivalWon: new Set() };
  const rivals = rivalsOf(pieces.flatMap((p) => p.words));
  await writeFile(join(search.dir, 'phones.dict'), `${pieces.flatMap((p) => phoneDictionary(p.words, phones, rivals)).join('\n')}\n`);
  await Promise.all(pieces.map((p) => writeFile(join(search.dir, `${p.id}.fsg`), phoneGrammar(p.id, p.words, phones, rivals))));
  const jobs = pieces.map((p) => ({ startFrame: Math.floor(p.startMs / FRAME_MS), endFrame: Math.ceil(p.endMs / FRAME_MS), id: p.id }));
  const decoded = await grammarSearch(jobs, search, { name: 'phones', dict: 'phones.dict' });
  const segments = jobs.map((job) => [job, decoded.get(job.id) ?? []] as const);
  return {
    starts: new Map(segments.flatMap(([job, s]) => [...phoneStarts(s, job.startFrame, FRAME_MS)])),
    rivalWon: new Set(segments.flatMap(([, s]) => [...rivalWins(s)])),
  };
}
