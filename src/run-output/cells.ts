/**
 * The cell encoding of every run-output table (manifest.csv, failures.csv, skipped.csv): safe to
 * open in a spreadsheet, free of control characters, and exactly reversible by dictclip's readers
 * (docs/security.md, "What the run output holds").
 *
 * - A control character (U+0000–U+001F, U+007F–U+009F: NUL, ESC, tab, CR, LF …) is written as
 *   `␛` (U+241B, the visible symbol for escape) and two hex digits: NUL is `␛00`, ESC `␛1B`, LF
 *   `␛0A`. A `␛` in the text itself is written `␛␛`.
 * - A cell that would start a formula (`=`, `+`, `-`, `@`, tab or CR first, also after leading
 *   apostrophes) gets one more leading apostrophe: `=1+2` is written `'=1+2`, `-A1` `'-A1`,
 *   `'=x` `''=x`. Spreadsheets show the text as text; any other cell, `'tis` and plain numbers
 *   such as `-99` included, is unchanged.
 *
 * Numbers are written as they are. `decodeCell(encodeCell(s)) === s` for every string.
 */

const ESCAPE = '\u241B';
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u241B]/g;
const ESCAPED = /\u241B(\u241B|[0-9A-F]{2})/g;
/** A cell a spreadsheet would read as a formula (also behind apostrophes, which are then kept). */
const FORMULA = /^'*[=+\-@\t\r]/;
const PREFIXED = /^'+[=+\-@\t\r]/;
/** A plain number (`-99`, `+1.5`, `-2e3`): a spreadsheet reads it as a number, never a formula, so it stays as it is. */
const NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * `text` with every control character written as `␛` and two hex digits (`␛0A`, `␛1B`) and a `␛`
 * as `␛␛`: the cells' escape, also how the CLI prints a name (a file name with ESC or a newline
 * never reaches the terminal or a log line raw).
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) =>
    c === ESCAPE ? ESCAPE + ESCAPE : ESCAPE + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'),
  );
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** The first control character of `text` (C0, DEL or C1: NUL, tab, LF, CR, ESC, NEL …), or undefined. */
export function controlCharacterOf(text: string): string | undefined {
  return CONTROL.exec(text)?.[0];
}

/** `U+000A`: how a message names a character. */
export function codePointName(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The written form of one cell's text. */
export function encodeCell(text: string): string {
  const plain = escapeControls(text);
  return FORMULA.test(plain) && !NUMBER.test(plain) ? `'${plain}` : plain;
}

/** The text of one written cell: the inverse of {@link encodeCell}. */
export function decodeCell(cell: string): string {
  const plain = PREFIXED.test(cell) ? cell.slice(1) : cell;
  return plain.includes(ESCAPE)
    ? plain.replace(ESCAPED, (_m, code: string) => (code === ESCAPE ? ESCAPE : String.fromCharCode(parseInt(code, 16))))
    : plain;
}

/** A row with every string cell encoded (numbers, booleans and absent cells as they are). */
export function encodeRow<T extends object>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = typeof value === 'string' ? encodeCell(value) : value;
  return out as T;
}
