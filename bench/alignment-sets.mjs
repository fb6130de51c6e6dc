/**
 * The recordings the alignment benchmark (alignment.mjs) aligns, besides the real voices
 * (real-voices.mjs): a text synthesized word by word with espeak-ng in five voices and rates and
 * joined with known pauses over a faint noise floor (test/helpers/spoken-words.mjs; exact truth),
 * held apart from the tuning; the LibriVox readings of pocketsphinx-testdata with their texts; and
 * the never-spoken words put into a text to see whether the aligner gives them a span.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSpokenWords } from '../test/helpers/spoken-words.mjs';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** Held apart from the tuning (a different text, other voices and rates, other pauses). */
export const TEXT = `when the morning train arrived at the little station the doctor stepped down with his heavy bag
and looked around for the carriage that should have been waiting a boy of perhaps twelve ran up and offered
to carry the bag to the inn for a penny the doctor agreed and they walked together along the muddy road
past the church and the baker and a row of cottages whose gardens were full of late roses`.split(/\s+/);
export const VOICES = [['en-us+m3', 150], ['en-gb-scotland', 165], ['en-029', 140], ['en-us+f2', 185], ['en-gb', 200]];
export const PAUSES = [30, 0, 90, 15, 180, 60, 0, 350, 45];

/** The synthetic recordings in `dir` (made once, then read back), each with its words' truth. */
export async function truthSets(dir) {
  const sets = [];
  for (const [voice, rate] of VOICES) {
    const path = join(dir, `${voice}-${rate}.wav`);
    const meta = `${path}.json`;
    if (!existsSync(meta))
      await writeFile(meta, JSON.stringify(await writeSpokenWords(path, TEXT, { voice, rate, pausesMs: PAUSES, seed: rate })));
    sets.push({ voice, rate, ...JSON.parse(await readFile(meta, 'utf8')) });
  }
  return sets;
}

/** The LibriVox readings as work audio in `dir` (converted once by `ffmpegArgs(from, to)`), each with its text's words. */
export async function librivox(dir, ffmpegArgs) {
  const lines = (await readFile(join(LIBRIVOX, 'transcription'), 'utf8')).split('\n').filter((l) => l.trim() !== '');
  const out = [];
  for (const line of lines) {
    const id = /\(([^)]+)\)\s*$/.exec(line)[1];
    const words = line.replace(/\([^)]*\)\s*$/, '').replace(/<\/?s>/g, '').trim().split(/\s+/);
    const path = join(dir, `${id}.wav`);
    if (!existsSync(path)) await ffmpegArgs(join(LIBRIVOX, `${id}.wav`), path);
    out.push({ id, path, words });
  }
  return out;
}

/** Never-spoken words put into a text (at positions 5, 12, 20 of the spoken words). */
export const UNSPOKEN = new Map([[5, 'hundred'], [12, 'seventy'], [20, 'thousand']]);

/** Per spoken word of `truth` its span (or null), and how many of the inserted never-spoken words got one. */
export function withUnspoken(words) {
  const text = [];
  const spokenAt = [];
  words.forEach((w, i) => {
    if (UNSPOKEN.has(i)) { text.push([UNSPOKEN.get(i)]); spokenAt.push(-1); }
    text.push(w);
    spokenAt.push(i);
  });
  return { text, spokenAt };
}
