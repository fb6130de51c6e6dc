/**
 * The vowels of the US English model's phone set (CMU's, as the pronunciation dictionary spells
 * them): a word's syllables are its vowels, so a pronunciation's vowel count is how many syllable
 * nuclei its audio should hold (src/align/confidence/nuclei.ts). Pure.
 */

/** The model's vowel phones (stress marks, where a dictionary writes them, are not part of the name). */
export const VOWEL_PHONES: ReadonlySet<string> = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

/** How many of `phones` are vowels (a trailing stress digit is ignored). */
export function vowelCount(phones: readonly string[]): number {
  return phones.filter((phone) => VOWEL_PHONES.has(phone.replace(/\d$/, ''))).length;
}
