/**
 * Rivals in the phone pass (phone-pass.ts): beside each placed word, the grammar lets the search
 * take instead one of a few other words of the same text, each phone its own grammar word like the
 * word's, entered at a cost ({@link RIVAL_PROBABILITY}). Where a rival wins, the word's frames fit
 * another word of the text better than the word itself, by more than that cost: the clip likely holds
 * the other word (a substituted or misplaced word). The rivals ride in the pass that already decodes
 * every placed word's frames rather than in a pass of their own, which cost as much as the grammar
 * search itself: the alignment's CPU per audio second went from 0.051 to 0.061 s with them
 * (`node bench/run.mjs --only alignment`). Pure.
 */

/**
 * A word's rivals: at most this many other words of the text. Each rival adds to the recognizer's
 * work per frame: with this set to 0, 4 and 8, a reference run's CPU per audio second against a
 * plain run's (`node bench/run.mjs --only reference-run`) was 0.25, 0.27 and 0.32, and 8 flagged
 * no wrong clip of the confidence benchmark that 4 left unflagged.
 */
export const RIVALS = 4;
/** Rivals are looked for at most this many words away in the text, on each side. */
export const RIVAL_REACH = 40;
/**
 * Weight of taking a rival instead of the word (against 1 for the word). On the confidence
 * benchmark with a reference (538 clips, 98 wrong; `node bench/run.mjs --only confidence` with
 * this and {@link RIVALS} set as below), rivals won on these many wrong / right clips that nothing
 * else flagged: with 8 rivals 1e-2: 7 / 47, 1e-5: 4 / 13, 1e-7: 2 / 5, 1e-30: none; with 4, 1e-7:
 * 2 / 3 and 1e-10: 2 / 2 (substituted digits "three" and "zero"; "often", "the"). On the changed
 * voices (bench/confidence-voices.mjs, never tuned on) 1e-10 won on none of 109.
 */
export const RIVAL_PROBABILITY = 1e-10;

/**
 * Per word of `placed` the phones of its rivals: the other words of the text nearest to it
 * (`phonesOf` gives each word's phones, undefined when it has none), at most {@link RIVAL_REACH}
 * words away, each pronunciation once and never the word's own (a homophone is no rival).
 * `count`: words in the text.
 */
export function rivalPhones(
  placed: readonly number[],
  count: number,
  phonesOf: (word: number) => readonly string[] | undefined,
  most: number = RIVALS,
): Map<number, string[][]> {
  const out = new Map<number, string[][]>();
  for (const word of placed) {
    const own = phonesOf(word);
    if (own === undefined || own.length === 0) continue;
    const seen = new Set([own.join(' ')]);
    const rivals: string[][] = [];
    for (let d = 1; d <= RIVAL_REACH && rivals.length < most && (word - d >= 0 || word + d < count); d++) {
      for (const other of [word - d, word + d]) {
        if (other < 0 || other >= count || rivals.length >= most) continue;
        const phones = phonesOf(other) ?? [];
        const key = phones.join(' ');
        if (phones.length === 0 || seen.has(key)) continue;
        seen.add(key);
        rivals.push([...phones]);
      }
    }
    if (rivals.length > 0) out.set(word, rivals);
  }
  return out;
}

/** Dictionary name of phone `k` of rival `j` of word `word` in the phone pass. */
export function rivalPhoneName(word: number, j: number, k: number): string {
  return `r${word}_${j}_${k}`;
}

/** The words whose rival the phone pass took (segment names of {@link rivalPhoneName}'s first phones). */
export function rivalWins(segments: readonly { readonly word: string }[]): Set<number> {
  const won = new Set<number>();
  for (const segment of segments) {
    const match = /^r(\d+)_\d+_0$/.exec(segment.word);
    if (match !== null) won.add(Number(match[1]));
  }
  return won;
}
