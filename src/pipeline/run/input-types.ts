/**
 * The one table of file types a run reads: audio and video containers ffmpeg decodes, by
 * extension. The scan, `run --help` and the README's list are all generated from it.
 */

/** One family of extensions. */
export interface InputTypeRow {
  /** Extensions, lowercase, without the dot. */
  extensions: readonly string[];
  /** What they are. */
  name: string;
  /** Video containers: only the audio track is used. */
  video: boolean;
}

export const INPUT_TYPES: readonly InputTypeRow[] = [
  { extensions: ['wav', 'wave', 'w64'], name: 'WAV (PCM and other codecs)', video: false },
  { extensions: ['mp3', 'mp2'], name: 'MPEG audio', video: false },
  { extensions: ['flac'], name: 'FLAC', video: false },
  { extensions: ['ogg', 'oga', 'opus', 'spx'], name: 'Ogg (Vorbis, Opus, Speex)', video: false },
  { extensions: ['m4a', 'm4b', 'aac'], name: 'AAC / Apple Lossless (MP4 audio)', video: false },
  { extensions: ['aiff', 'aif', 'aifc'], name: 'AIFF', video: false },
  { extensions: ['au', 'snd'], name: 'Sun/NeXT audio', video: false },
  { extensions: ['caf'], name: 'Apple Core Audio', video: false },
  { extensions: ['wma'], name: 'Windows Media Audio', video: false },
  { extensions: ['amr', '3ga'], name: 'AMR (phone recordings)', video: false },
  { extensions: ['ac3', 'mka', 'wv', 'ape', 'voc'], name: 'AC-3, Matroska audio, WavPack, Monkey\'s Audio, Creative Voice', video: false },
  { extensions: ['mp4', 'm4v', 'mov', 'qt'], name: 'MP4 / QuickTime video', video: true },
  { extensions: ['mkv', 'webm'], name: 'Matroska / WebM video', video: true },
  { extensions: ['avi', 'wmv', 'asf', 'flv'], name: 'AVI, Windows Media, Flash video', video: true },
  { extensions: ['3gp', '3g2', 'mpg', 'mpeg', 'mts', 'm2ts', 'ogv'], name: '3GPP, MPEG program/transport stream, Ogg video', video: true },
];

/** Every extension of {@link INPUT_TYPES}, lowercase, without dot. */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(INPUT_TYPES.flatMap((row) => row.extensions));

/** `wav, wave, w64, mp3, …` for help and docs: every extension, in table order. */
export function extensionList(): string {
  return INPUT_TYPES.flatMap((row) => row.extensions).join(', ');
}

/** The README's list of accepted files (Markdown bullets, one per row). */
export function inputTypesMarkdown(): string {
  return INPUT_TYPES.map((row) => `- ${row.name}${row.video ? ' (the audio track)' : ''}: ${row.extensions.map((e) => `\`.${e}\``).join(', ')}`).join('\n') + '\n';
}
