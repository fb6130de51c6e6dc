/** Audio: finding ffmpeg, transcoding, WAV headers, cutting clips, splitting long recordings. */
export { resolveFfmpeg, resolveFfprobe } from './ffmpeg-path.js';
export { transcodeToWav, type TranscodeOptions } from './transcode.js';
export { ffmpegInputArgs, MEDIA_DEMUXERS } from './ffmpeg-input.js';
export { readWorkWav, toWorkWav } from './work-format.js';
export { readWavInfo, type WavInfo } from '../wav-header.js';
export { cutClips, msToSample, type ClipRequest, type CutOptions } from './cut.js';
export { writeWavRange } from './range.js';
export { findSplitPoints } from './split.js';
export { readFrameEnergies, readFrameStats } from './pauses.js';
export { findPauseSplits } from './pauses.js';
export { CHANNEL_MIX, canonicalChannel, channelLabel, channelNumber, countChannels, keepChannelFilter, MAX_CHANNEL, missingChannel } from './channel.js';
export { convertWavs, type ConvertJob, type ConvertOptions } from './convert.js';
export { encodeWavRange, ENCODINGS, type CompressedFormat } from './encode.js';
export { computePeaks, PeaksMeter, PEAKS_PER_SECOND, type Peaks } from './peaks.js';
export { originalAudio, type OriginalAudio } from './original.js';
export { EDGE_MS, type EdgeLevels } from './edges.js';
export type { CutClip } from './cut.js';
export { snapEdges, type SnapRequest } from './snap.js';
