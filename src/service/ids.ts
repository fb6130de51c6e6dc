/** Identifiers the embedded service hands out: random ones and content-addressed ones. */
import { createHash, randomBytes } from 'node:crypto';

/** A random url-safe identifier (16 random bytes, base64url, 22 characters). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A deterministic identifier of the same shape as {@link newId}: the first 22 base64url
 * characters of the SHA-256 of the parts. Used for content-addressed audio and dictations.
 */
export function contentId(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

/** Shape of the ids this service hands out (checked before any id reaches a file path). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
