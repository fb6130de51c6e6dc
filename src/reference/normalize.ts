/**
 * What is said for a written word: the spoken tokens text alignment compares, lowercase, without
 * punctuation. Numbers are read by the `to-words` library (`21` → twenty one, `3.5` → three point
 * five, `21st` → twenty first); four-digit years are read in pairs (`1984` → nineteen eighty four,
 * `1905` → nineteen oh five, `2007` → two thousand seven); `%`, `$`, `&` and common abbreviations
 * (`Dr.` → doctor, `Mr.` → mister, `etc.` → et cetera) are spelled out. Recognized words go
 * through the same function, so `Dr.` from a service matches `doctor` in a reference.
 */
// The one locale's entry point: the package's main entry loads all of its 136 locales (RSS after
// the import, then gc(), under `node --expose-gc`: 18.4 MB for `to-words`, 2.6 MB for this one).
import { ToWords } from 'to-words/en-US';

const toWords = new ToWords();

/** Abbreviations read as words (lowercase keys, with their dot where written with one). */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['dr.', 'doctor'], ['dr', 'doctor'], ['mr.', 'mister'], ['mr', 'mister'], ['mrs.', 'missus'], ['mrs', 'missus'],
  ['ms.', 'miss'], ['st.', 'saint'], ['jr.', 'junior'], ['sr.', 'senior'], ['prof.', 'professor'], ['gen.', 'general'],
  ['capt.', 'captain'], ['col.', 'colonel'], ['lt.', 'lieutenant'], ['sgt.', 'sergeant'], ['gov.', 'governor'],
  ['rev.', 'reverend'], ['hon.', 'honorable'], ['mt.', 'mount'], ['ft.', 'fort'], ['ave.', 'avenue'],
  ['no.', 'number'], ['vs.', 'versus'], ['vs', 'versus'], ['etc.', 'et cetera'], ['e.g.', 'for example'],
  ['i.e.', 'that is'], ['approx.', 'approximately'], ['dept.', 'department'], ['inc.', 'incorporated'],
  ['co.', 'company'], ['corp.', 'corporation'], ['ltd.', 'limited'], ['jan.', 'january'], ['feb.', 'february'],
  ['aug.', 'august'], ['sept.', 'september'], ['oct.', 'october'], ['nov.', 'november'], ['dec.', 'december'],
  ['ok', 'okay'], ['&', 'and'], ['%', 'percent'], ['@', 'at'], ['+', 'plus'], ['=', 'equals'],
]);

/** Currency signs before a number and what is said after it (singular, plural). */
const CURRENCY: Readonly<Record<string, readonly [string, string]>> = { $: ['dollar', 'dollars'], '£': ['pound', 'pounds'], '€': ['euro', 'euros'] };

/** True when `word` (with its dot) is a known abbreviation, e.g. `Dr.`, `etc.`. */
export function isAbbreviation(word: string): boolean {
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * The spoken tokens of one written word (a token of {@link tokenize}, or a recognized word);
 * `[]` for a word with nothing to say (punctuation).
 */
export function spokenForm(word: string): string[] {
  const w = word.normalize('NFKC').toLowerCase().replace(/’/g, "'");
  const abbreviation = ABBREVIATIONS.get(w);
  if (abbreviation !== undefined) return abbreviation.split(' ');
  const currency = /^([$£€])(\d[\d,]*(?:\.\d+)?)$/u.exec(w);
  if (currency !== null) {
    const amount = currency[2]!.replace(/,/g, '');
    const names = CURRENCY[currency[1]!]!;
    return [...numberWords(amount), Number(amount) === 1 ? names[0] : names[1]];
  }
  if (w.endsWith('%')) return [...spokenForm(w.slice(0, -1)), 'percent'];
  const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(w);
  if (ordinal !== null) return words(toWords.toOrdinal(Number(ordinal[1])));
  if (/^\d{4}$/.test(w)) return yearWords(Number(w));
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(w)) return numberWords(w.replace(/,/g, ''));
  const time = /^(\d{1,2}):(\d{2})$/.exec(w);
  if (time !== null) return [...numberWords(time[1]!), ...(time[2] === '00' ? ["o'clock"] : minuteWords(time[2]!))];
  if (/^(?:\p{L}\.)+\p{L}?\.?$/u.test(w)) return w.replace(/\./g, '').split(''); // initials: U.S.A. → u s a
  // Split at hyphens, slashes and other joiners, then at letter/digit boundaries (A4 → a four).
  return w.replace(/^#/, '').split(/[-–—/.,:]+/).flatMap((part) => {
    const cleaned = trimApostrophes(part).replace(/[^\p{L}\p{N}\p{M}']/gu, '');
    return (cleaned.match(/\p{N}+|[\p{L}\p{M}']+/gu) ?? []).flatMap((run) => (/^\p{N}/u.test(run) ? numberWords(run) : [run]));
  });
}

/** `text` without the apostrophes at its ends, by a scan (the regex `'+$` backtracks quadratically over a long run of them). */
function trimApostrophes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === "'") start++;
  while (end > start && text[end - 1] === "'") end--;
  return text.slice(start, end);
}

/** A decimal number (digits, optional `.digits`) in words. */
function numberWords(digits: string): string[] {
  const value = Number(digits);
  if (!Number.isFinite(value) || digits.length > 15) return digits.split('').flatMap((d) => words(toWords.convert(Number(d))));
  const [whole, fraction] = digits.split('.');
  // to-words reads decimals as cents-like pairs; digits after the point are said one by one.
  const head = words(toWords.convert(Number(whole)));
  if (fraction === undefined) return head;
  return [...head, 'point', ...fraction.split('').flatMap((d) => words(toWords.convert(Number(d))))];
}

/** Minutes of a clock time: `05` → oh five, `30` → thirty. */
function minuteWords(minutes: string): string[] {
  return minutes.startsWith('0') ? ['oh', ...numberWords(minutes.slice(1))] : numberWords(minutes);
}

/** A four-digit number read as a year where that is how it is said (1100–1999, 2010–2099), else as a number. */
function yearWords(year: number): string[] {
  if (year < 1100 || year >= 2100 || (year >= 2000 && year < 2010)) return numberWords(String(year));
  const high = Math.floor(year / 100);
  const low = year % 100;
  if (low === 0) return [...numberWords(String(high)), 'hundred'];
  return [...numberWords(String(high)), ...(low < 10 ? ['oh'] : []), ...numberWords(String(low))];
}

/** Library output ("Twenty One", "Twenty-First") as lowercase tokens. */
function words(text: string): string[] {
  return text.toLowerCase().split(/[\s-]+/).filter((part) => part !== '');
}
