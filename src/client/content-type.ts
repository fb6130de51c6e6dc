/**
 * Upload Content-Type of each audio-format value (public notes, "Upload and formats").
 */
import { DictclipError } from '../errors.js';

const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['pcm-16khz', 'audio/x-wav'],
  ['pcm-8khz', 'audio/x-wav'],
  ['ogg', 'audio/ogg'],
  ['webm', 'audio/webm'],
  ['mp4', 'audio/mp4'],
]);

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
