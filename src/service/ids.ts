/**
 * Identifiers the embedded service hands out: random ones and content-addressed ones. Every one
 * starts with a letter or a digit, never `-` or `_`: an id lands in the manifest's `dictation_id`,
 * where a cell starting with `-` would get the spreadsheet guard's apostrophe (src/run-output/cells.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

/** The first character every id has. */
const FIRST = /^[A-Za-z0-9]/;

/**
 * A random url-safe identifier (16 random bytes, base64url, 22 characters) starting with a letter
 * or digit: drawn again while it does not (1 draw in 32 does not). `random`: the byte source.
 */
export function newId(random: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const id = random(16).toString('base64url');
    if (FIRST.test(id)) return id;
  }
}

/**
 * A deterministic identifier of the same shape as {@link newId}: the first 22 base64url
 * characters of the SHA-256 of the parts (and, when that starts with `-` or `_`, of the parts and
 * a round number, the first round that gives a letter or digit). Used for content-addressed audio and dictations.
 */
export function contentId(...parts: string[]): string {
  for (let round = 0; ; round++) {
    const hash = createHash('sha256');
    for (const part of parts) hash.update(part).update('\0');
    if (round > 0) hash.update(String(round)).update('\0');
    const id = hash.digest('base64url').slice(0, 22);
    if (FIRST.test(id)) return id;
  }
}

/** Shape of the ids this service hands out (checked before any id reaches a file path). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
