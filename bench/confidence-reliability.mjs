// Does a clip's confidence mean what it says? Per band of confidence, how many clips fall in it,
// their mean confidence and the share of them that are right (label and both edges within 50 ms);
// and the expected calibration error: the clip-weighted mean over the bands of |share right − mean
// confidence|. A well-calibrated model has every band's share right near its mean confidence.

/** Lower bounds of the bands, the last one closed at 1. */
export const BANDS = [0, 0.25, 0.5, 0.75, 0.9];

/** Per band `{ from, to, clips, mean, right }` of `rows` (each `{ p, right }`), and the expected calibration error. */
export function reliability(rows) {
  const bands = BANDS.map((from, i) => {
    const to = BANDS[i + 1] ?? 1;
    const inBand = rows.filter((r) => r.p >= from && (r.p < to || to === 1));
    const mean = inBand.reduce((s, r) => s + r.p, 0) / Math.max(1, inBand.length);
    return { from, to, clips: inBand.length, mean, right: inBand.filter((r) => r.right).length };
  });
  const gaps = bands.reduce((s, b) => s + (b.clips === 0 ? 0 : b.clips * Math.abs(b.right / b.clips - b.mean)), 0);
  return { bands, error: gaps / Math.max(1, rows.length) };
}

/** A table cell: the share right in a band, its clips and mean confidence. */
export function bandCell(band) {
  if (band.clips === 0) return '–';
  return `${((100 * band.right) / band.clips).toFixed(0)} % right (${band.right} of ${band.clips}; mean confidence ${band.mean.toFixed(2)})`;
}

/** The band's name, `0.75–0.90`. */
export const bandName = (band) => `${band.from.toFixed(2)}–${band.to.toFixed(2)}`;
