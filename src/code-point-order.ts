/** Deterministic string order: by Unicode code point, the order of the UTF-8 bytes. */

/** A UTF-16 code unit re-ranked so that comparing them orders strings by code point. */
function rank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800; // U+E000–U+FFFF sort below the astral planes …
  if (unit >= 0xd800) return unit + 0x2000; // … which surrogate pairs (D800–DFFF) encode
  return unit;
}

/**
 * Compare two strings by Unicode code point (the order of their UTF-8 bytes), for deterministic
 * sorting, without allocating.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}
