/** Clock times of subtitle files: `HH:MM:SS.mmm` (WebVTT) or `HH:MM:SS,mmm` (SubRip) of a whole number of ms. */
export function clockTime(ms: number, decimalMark: '.' | ',' = '.'): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${decimalMark}${pad(ms % 1000, 3)}`;
}
