/**
 * The QA report page's formatting helpers (also used by the review page): escaping, durations,
 * links, plurals, the median and bar charts.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML text and attribute values. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A duration for people: `420 ms`, `2.35 s`, `12.4 s`, `3:07 min`, `1:02:03 h`. */
export function fmtMs(ms: number): string {
  const whole = Math.round(ms);
  if (whole < 1000) return `${whole} ms`;
  if (whole < 60000) return `${(whole / 1000).toFixed(whole < 10000 ? 2 : 1)} s`;
  const s = Math.round(whole / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest} h` : `${m}:${rest} min`;
}

/** A relative URL of a `/`-separated path, each segment percent-encoded. */
export function href(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The median of numbers sorted ascending (0 for none). */
export function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface BarRow {
  label: string;
  labelHtml: string;
  value: number;
  /** Extra attributes of the row, HTML (leading space). */
  attrs?: string;
}

/** A horizontal bar chart, bars scaled to the largest value. */
export function bars(rows: readonly BarRow[], unit: (value: number) => string): string {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return `<div class="bars">${rows.map((r) =>
    `<div class="bar-row"${r.attrs ?? ''}><span class="bar-label" title="${esc(r.label)}">${r.labelHtml}</span>` +
    `<span class="bar"><span style="width:${(100 * r.value / max).toFixed(2)}%"></span></span>` +
    `<span class="bar-value">${esc(unit(r.value))}</span></div>`).join('')}</div>`;
}

/** base64 of int8 values → the values. */
export function decodeInt8(b64: string): Int8Array {
  const bin = atob(b64);
  const bytes = new Int8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = (bin.charCodeAt(i) << 24) >> 24;
  return bytes;
}
