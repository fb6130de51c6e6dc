/**
 * How every ffmpeg run of dictclip names an input it did not make itself (a recording of an input
 * folder, an upload to the embedded service): local files only (`-protocol_whitelist file`) and
 * only media demuxers (`-format_whitelist`). A text file that probes as an HLS playlist or a
 * concat list (`#EXTM3U` naming `/some/other/file.mp3`) is then refused instead of being followed:
 * a file never pulls other files, or URLs, into what it decodes.
 */

/**
 * The ffmpeg demuxers of the media an input folder may hold (the INPUT_TYPES table of
 * src/pipeline/run/input-types.ts, and the same media under another extension): containers and raw
 * audio streams, never playlists (`hls`), lists of files (`concat`) or image sequences.
 */
export const MEDIA_DEMUXERS: readonly string[] = [
  'wav', 'w64', 'mp3', 'flac', 'ogg', 'mov', 'aac', 'aiff', 'au', 'caf', 'asf', 'amr', 'amrnb', 'amrwb',
  'ac3', 'eac3', 'matroska', 'wv', 'ape', 'voc', 'avi', 'flv', 'live_flv', 'mpeg', 'mpegts',
];

/**
 * ffmpeg arguments that open `input`: with `demuxer`, that demuxer only (forced with `-f`, no
 * probing: an upload is decoded only as what it claims to be); without, whichever of
 * {@link MEDIA_DEMUXERS} the probe finds.
 */
export function ffmpegInputArgs(input: string, demuxer?: string): string[] {
  return [
    '-protocol_whitelist', 'file',
    '-format_whitelist', demuxer ?? MEDIA_DEMUXERS.join(','),
    ...(demuxer === undefined ? [] : ['-f', demuxer]),
    '-i', input,
  ];
}
