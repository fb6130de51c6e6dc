/**
 * The audio formats of the service (public notes, "Upload and formats"): each `audio-format`
 * value and its upload Content-Type. One table for the client and the embedded service.
 */
import { DictclipError } from './errors.js';

const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['pcm-16khz', 'audio/x-wav'],
  ['pcm-8khz', 'audio/x-wav'],
  ['ogg', 'audio/ogg'],
  ['webm', 'audio/webm'],
  ['mp4', 'audio/mp4'],
]);

/**
 * The service's upload cap in bytes (public notes): the default of the pipeline's `maxUploadBytes`
 * (longer recordings are split) and of the embedded service's upload and WebSocket limits.
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 21_000_000;

/** The audio-format values the service accepts, lower case. */
export const AUDIO_FORMATS: readonly string[] = [...CONTENT_TYPES.keys()];

/**
 * The upload Content-Type for an `audio-format` value (case-insensitive):
 * `pcm-16khz`/`pcm-8khz` → `audio/x-wav`, `ogg` → `audio/ogg`, `webm` → `audio/webm`, `mp4` → `audio/mp4`.
 * @throws DictclipError E_CONFIG for an unknown format.
 */
export function contentTypeForFormat(format: string): string {
  const type = CONTENT_TYPES.get(format.trim().toLowerCase());
  if (type === undefined) {
    throw new DictclipError(
      'E_CONFIG',
      `Unknown audio format "${format}": use one of ${AUDIO_FORMATS.join(', ')}`,
      { key: 'audioFormat' },
    );
  }
  return type;
}

/** Upload Content-Types the service accepts (`audio/wav` is a common alias of `audio/x-wav`). */
export const UPLOAD_CONTENT_TYPES: ReadonlySet<string> = new Set([...CONTENT_TYPES.values(), 'audio/wav']);

/** The audio-format an upload's Content-Type implies (parameters ignored); undefined when unknown. */
export function formatForContentType(contentType: string): string | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'audio/x-wav' || type === 'audio/wav') return 'pcm-16khz';
  return [...CONTENT_TYPES].find(([, t]) => t === type)?.[0];
}

/** How the bytes of one upload Content-Type must look, and the one ffmpeg demuxer that reads them. */
export interface Container {
  /** The ffmpeg demuxer forced with `-f` (never probed: a playlist sent as Ogg stays a failed Ogg). */
  readonly demuxer: string;
  /** What the first bytes must be, in words (for error messages). */
  readonly signature: string;
  /** True when `head` (the first 12 bytes, or all of a shorter body) starts as this container does. */
  readonly matches: (head: Buffer) => boolean;
}

const ascii = (head: Buffer, start: number, text: string): boolean => head.subarray(start, start + text.length).toString('latin1') === text;
const WAV: Container = { demuxer: 'wav', signature: 'a RIFF/WAVE header', matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE') };
const CONTAINERS: ReadonlyMap<string, Container> = new Map([
  ['audio/x-wav', WAV],
  ['audio/wav', WAV],
  ['audio/ogg', { demuxer: 'ogg', signature: 'an Ogg page (OggS)', matches: (h) => ascii(h, 0, 'OggS') }],
  ['audio/webm', { demuxer: 'webm', signature: 'an EBML header (1A 45 DF A3)', matches: (h) => h.readUInt32BE(0) === 0x1a45dfa3 }],
  ['audio/mp4', { demuxer: 'mp4', signature: 'an MP4 ftyp box', matches: (h) => ascii(h, 4, 'ftyp') }],
]);

/**
 * The container of an upload Content-Type (parameters ignored, case-insensitive); undefined for a
 * type outside {@link UPLOAD_CONTENT_TYPES}. The embedded service checks an upload's first bytes
 * against it and decodes the upload with its demuxer only.
 */
export function containerOf(contentType: string): Container | undefined {
  const container = CONTAINERS.get(contentType.split(';')[0]?.trim().toLowerCase() ?? '');
  if (container === undefined) return undefined;
  return { ...container, matches: (head) => head.length >= 12 && container.matches(head) };
}
