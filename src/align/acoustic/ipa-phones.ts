/**
 * IPA (as espeak-ng writes it with `--ipa`) to the phone set of PocketSphinx's US English model
 * (the CMU dictionary's 39 phones, without stress). Pure.
 */

/** IPA symbols (longest first when matched) and the model phones each stands for. */
const IPA: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  // Diphthongs and r-coloured vowels first: they start with a plain vowel's symbol.
  ['aɪə', ['AY', 'ER']], ['aʊə', ['AW', 'ER']],
  ['aɪ', ['AY']], ['aʊ', ['AW']], ['eɪ', ['EY']], ['oʊ', ['OW']], ['əʊ', ['OW']], ['ɔɪ', ['OY']],
  ['eə', ['EH', 'R']], ['ɛə', ['EH', 'R']], ['ɪə', ['IH', 'R']], ['ʊə', ['UH', 'R']],
  ['ɑː', ['AA']], ['ɑ', ['AA']], ['ɒ', ['AA']], ['a', ['AA']], ['æ', ['AE']],
  ['ʌ', ['AH']], ['ə', ['AH']], ['ɐ', ['AH']], ['ɤ', ['AH']],
  ['ɚ', ['ER']], ['ɝ', ['ER']], ['ɜː', ['ER']], ['ɜ', ['ER']], ['ø', ['ER']], ['œ', ['ER']],
  ['ɔː', ['AO']], ['ɔ', ['AO']], ['oː', ['AO']], ['o', ['OW']], ['ɵ', ['OW']],
  ['ɛ', ['EH']], ['e', ['EH']], ['ɪ', ['IH']], ['ᵻ', ['IH']], ['ɨ', ['IH']],
  ['iː', ['IY']], ['i', ['IY']], ['ʊ', ['UH']], ['uː', ['UW']], ['u', ['UW']], ['y', ['UW']], ['ɯ', ['UW']],
  // Consonants: affricates before their first halves.
  ['tʃ', ['CH']], ['dʒ', ['JH']], ['ʧ', ['CH']], ['ʤ', ['JH']],
  ['p', ['P']], ['b', ['B']], ['t', ['T']], ['d', ['D']], ['k', ['K']], ['g', ['G']], ['ɡ', ['G']],
  ['f', ['F']], ['v', ['V']], ['θ', ['TH']], ['ð', ['DH']], ['s', ['S']], ['z', ['Z']],
  ['ʃ', ['SH']], ['ʒ', ['ZH']], ['h', ['HH']], ['ç', ['HH']], ['x', ['K']], ['ɣ', ['G']], ['β', ['B']],
  ['m', ['M']], ['n', ['N']], ['ŋ', ['NG']], ['ɲ', ['N', 'Y']], ['l', ['L']], ['ɫ', ['L']], ['ɬ', ['L']], ['ʎ', ['L', 'Y']],
  ['ɹ', ['R']], ['r', ['R']], ['ɾ', ['T']], ['ʔ', ['T']], ['w', ['W']], ['ʍ', ['W']], ['j', ['Y']],
]);
const LONGEST = Math.max(...[...IPA.keys()].map((k) => k.length));
/** The combining mark of a syllabic consonant (`n̩` in "button"): a schwa goes before it. */
const SYLLABIC = '\u0329';

/**
 * The model phones of one IPA transcription, e.g. `bˈʌʔn̩` → `B AH T AH N`. Stress, length,
 * tie and unknown symbols are skipped; an empty list means nothing could be mapped.
 */
export function ipaToPhones(ipa: string): string[] {
  const text = ipa.normalize('NFC');
  const phones: string[] = [];
  let i = 0;
  while (i < text.length) {
    let matched = false;
    for (let length = Math.min(LONGEST, text.length - i); length > 0; length--) {
      const mapped = IPA.get(text.slice(i, i + length));
      if (mapped === undefined) continue;
      const syllabic = text[i + length] === SYLLABIC;
      if (syllabic && phones.at(-1) !== 'AH') phones.push('AH');
      phones.push(...mapped);
      i += length + (syllabic ? 1 : 0);
      matched = true;
      break;
    }
    if (!matched) i++; // stress marks, length marks, ties, anything unknown
  }
  return phones;
}
