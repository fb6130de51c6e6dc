/**
 * The finite-state grammar of one piece (PocketSphinx's FSG text format): the piece's words in
 * reference order, each word its tokens in order, with a way to skip a prefix and a suffix of the
 * words (text that was never spoken, such as a heading, or words that belong to the next piece),
 * optionally a way to leave out any single word (a null transition over it), and optionally a way to
 * say something the text does not hold between any two words (a loop of single phones, see
 * {@link UnscriptedSpeech}).
 * Dictionary entries are named by token position (`t<index>`), so the result maps back to the
 * reference without guessing. Pure.
 */

/** One word of a piece: its index and the positions of its tokens in the run's dictionary. */
export interface GrammarWord {
  readonly word: number;
  readonly tokens: readonly number[];
}

/** Name of the dictionary entry of token position `index`. */
export function tokenName(index: number): string {
  return `t${index}`;
}

/** The token position of a dictionary entry name from the result (`t12`, `t12(2)`), or undefined for silence and fillers. */
export function tokenIndex(name: string): number | undefined {
  const match = /^t(\d+)(?:\(\d+\))?$/.exec(name);
  return match === null ? undefined : Number(match[1]);
}

/** The pronunciation variant (0 for the first) of a dictionary entry name from the result (`t12(2)` → 1). */
export function tokenVariant(name: string): number {
  const match = /\((\d+)\)$/.exec(name);
  return match === null ? 0 : Number(match[1]) - 1;
}

/**
 * A garbage loop for speech the text lacks: at every word boundary a side path of one or more
 * single-phone words (`phones`, named {@link garbageName}) that returns to the same boundary.
 * Entering it weighs `enter` (its first phone included), each further phone `stay`.
 */
export interface UnscriptedSpeech {
  readonly phones: readonly string[];
  readonly enter: number;
  readonly stay: number;
}

/** Dictionary name of the garbage loop's word for `phone` (never a token name, so never placed). */
export function garbageName(phone: string): string {
  return `g_${phone}`;
}

/**
 * FSG text of a piece. `skipProbability` is the weight of jumping over a prefix (from the start to
 * any word) or a suffix (from any word to the end) against 1 for speaking the next word;
 * `wordSkipProbability` (when > 0) that of leaving out one word anywhere; `unscripted` adds the
 * garbage loop at every boundary (its states follow the words').
 */
export function pieceGrammar(
  name: string,
  words: readonly GrammarWord[],
  skipProbability: number,
  wordSkipProbability = 0,
  unscripted?: UnscriptedSpeech,
): string {
  const lines: string[] = [];
  const wordEnds: number[] = [0];
  let state = 0;
  for (const word of words) {
    for (const token of word.tokens) {
      lines.push(`TRANSITION ${state} ${state + 1} 1.0 ${tokenName(token)}`);
      state++;
    }
    wordEnds.push(state);
  }
  const final = state;
  const skip = skipProbability.toExponential(3);
  for (let k = 1; k < wordEnds.length; k++) lines.push(`TRANSITION 0 ${wordEnds[k]!} ${skip}`);
  for (let k = 1; k < wordEnds.length - 1; k++) lines.push(`TRANSITION ${wordEnds[k]!} ${final} ${skip}`);
  if (wordSkipProbability > 0) {
    const one = wordSkipProbability.toExponential(3);
    for (let k = 1; k < wordEnds.length; k++) lines.push(`TRANSITION ${wordEnds[k - 1]!} ${wordEnds[k]!} ${one}`);
  }
  let states = final + 1;
  if (unscripted !== undefined) {
    const enter = unscripted.enter.toExponential(3);
    const stay = unscripted.stay.toExponential(3);
    for (const boundary of wordEnds) {
      const loop = states++;
      for (const phone of unscripted.phones) {
        lines.push(`TRANSITION ${boundary} ${loop} ${enter} ${garbageName(phone)}`, `TRANSITION ${loop} ${loop} ${stay} ${garbageName(phone)}`);
      }
      lines.push(`TRANSITION ${loop} ${boundary} 1.0`);
    }
  }
  return [`FSG_BEGIN ${name}`, `NUM_STATES ${states}`, 'START_STATE 0', `FINAL_STATE ${final}`, ...lines, 'FSG_END', ''].join('\n');
}
