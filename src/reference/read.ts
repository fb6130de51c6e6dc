/** Reading one reference text: strict UTF-8, a byte-order mark dropped, something to say. */
import { DictclipError } from '../errors.js';
import { readFileUpTo, sha256 } from '../files.js';

/**
 * The largest reference file read, in bytes (16 MiB): about 60 times the text of a 3-hour
 * recording spoken fast. A larger one fails its recording with `E_REFERENCE_TOO_LARGE` before it
 * is read, so a huge file cannot take the whole run down with the heap.
 */
export const MAX_REFERENCE_BYTES = 16 * 1024 * 1024;

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
 * @throws DictclipError `E_REFERENCE_ENCODING` naming the encoding a UTF-16 or UTF-32 byte-order
 * mark gives away and the fix, else the first bad byte's offset.
 */
export function decodeUtf8(origin: string, bytes: Uint8Array): string {
  const other = otherEncoding(bytes);
  if (other !== undefined) {
    throw new DictclipError('E_REFERENCE_ENCODING',
      `the reference transcript ${origin} is ${other.name} text (it starts with the byte-order mark ${other.bom}), not UTF-8: ` +
        `save it as UTF-8 (in an editor: save with encoding UTF-8; or iconv -f ${other.iconv} -t UTF-8 <file> > <new file>)`,
      { path: origin });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    const at = firstBadByte(bytes);
    throw new DictclipError('E_REFERENCE_ENCODING', `the reference transcript ${origin} is not UTF-8 text (bad byte at offset ${at}): save it as UTF-8`, { path: origin, cause: error });
  }
}

/**
 * Read a reference file. @throws DictclipError `E_INPUT` (cannot be read), `E_REFERENCE_TOO_LARGE`
 * (past {@link MAX_REFERENCE_BYTES}: nothing read but its size), `E_REFERENCE_ENCODING`,
 * `E_REFERENCE_EMPTY`.
 */
export async function readReferenceFile(file: string): Promise<Reference> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readFileUpTo(file, MAX_REFERENCE_BYTES);
  } catch (error) {
    throw new DictclipError('E_INPUT', `cannot read the reference transcript ${file}: ${(error as Error).message}`, { path: file, cause: error });
  }
  if (bytes === undefined) throw tooLarge(file, MAX_REFERENCE_BYTES);
  return referenceFromText(file, decodeUtf8(file, bytes));
}

/** The error for a reference past `maxBytes` (a table past its cap is `E_CONFIG`: src/reference/source.ts). */
function tooLarge(file: string, maxBytes: number): DictclipError {
  return new DictclipError(
    'E_REFERENCE_TOO_LARGE',
    `the reference transcript ${file} is larger than ${maxBytes.toLocaleString('en-US')} bytes, the most dictclip reads: not read (split it, or leave it out)`,
    { path: file },
  );
}

/**
 * Byte-order marks of the encodings a reference is most often saved in instead of UTF-8 (UTF-32 LE before UTF-16 LE: it starts with it).
 */
const BOMS = [
  { name: 'UTF-32 LE', bom: 'FF FE 00 00', iconv: 'UTF-32LE', bytes: [0xff, 0xfe, 0x00, 0x00] },
  { name: 'UTF-32 BE', bom: '00 00 FE FF', iconv: 'UTF-32BE', bytes: [0x00, 0x00, 0xfe, 0xff] },
  { name: 'UTF-16 LE', bom: 'FF FE', iconv: 'UTF-16LE', bytes: [0xff, 0xfe] },
  { name: 'UTF-16 BE', bom: 'FE FF', iconv: 'UTF-16BE', bytes: [0xfe, 0xff] },
] as const;

/** The encoding whose byte-order mark `bytes` starts with, if it is one of {@link BOMS}. */
function otherEncoding(bytes: Uint8Array): (typeof BOMS)[number] | undefined {
  return BOMS.find((b) => b.bytes.length <= bytes.length && b.bytes.every((byte, i) => bytes[i] === byte));
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
