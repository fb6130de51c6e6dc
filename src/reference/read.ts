/** Reading one reference text: strict UTF-8, a byte-order mark dropped, something to say. */
import { readFile } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { sha256 } from '../files.js';

/** A reference text as read, with where it came from and the hash the clip fingerprint carries. */
export interface Reference {
  /** The file it was read from (and, for a table, `#<id>`). */
  origin: string;
  /** The exact text (a leading byte-order mark removed); `text_start`/`text_length` index it. */
  text: string;
  /** SHA-256 of `text`, hex. */
  sha256: string;
}

/**
 * A reference from its text. @throws DictclipError `E_REFERENCE_EMPTY` when it has no letter or
 * digit (nothing to align).
 */
export function referenceFromText(origin: string, text: string): Reference {
  if (!/[\p{L}\p{N}]/u.test(text)) {
    throw new DictclipError('E_REFERENCE_EMPTY', `the reference transcript ${origin} is empty: it has no word to align`, { path: origin });
  }
  return { origin, text, sha256: sha256(text) };
}

/**
 * Decode bytes as UTF-8, refusing anything else (no replacement characters) and dropping a BOM.
 * @throws DictclipError `E_REFERENCE_ENCODING` naming the first bad byte's offset.
 */
export function decodeUtf8(origin: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    const at = firstBadByte(bytes);
    throw new DictclipError('E_REFERENCE_ENCODING', `the reference transcript ${origin} is not UTF-8 text (bad byte at offset ${at}): save it as UTF-8`, { path: origin, cause: error });
  }
}

/**
 * Read a reference file. @throws DictclipError `E_INPUT` (cannot be read), `E_REFERENCE_ENCODING`,
 * `E_REFERENCE_EMPTY`.
 */
export async function readReferenceFile(file: string): Promise<Reference> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new DictclipError('E_INPUT', `cannot read the reference transcript ${file}: ${(error as Error).message}`, { path: file, cause: error });
  }
  return referenceFromText(file, decodeUtf8(file, bytes));
}

/** Offset of the first byte where UTF-8 decoding fails (a streamed byte-by-byte decode; only on the error path). */
function firstBadByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < bytes.length; i++) {
    try {
      decoder.decode(bytes.subarray(i, i + 1), { stream: true });
    } catch {
      return i;
    }
  }
  return bytes.length; // a sequence cut short by the end of the file
}
