/**
 * Extracts built from a finished run: the supercut (one WAV of every clip, WebVTT cues, a JSON map; an MP4 of the clips when every source
 * is a video).
 */
export { writeSupercut, type SupercutOptions, type SupercutResult } from './supercut.js';
export { toVtt, vttTime, type Placement } from './cues.js';
export {
  supercutVideo,
  writeVideoSupercut,
  probeVideo,
  type VideoSupercutOptions,
  type VideoSupercutResult,
  type VideoSupercutOutcome,
} from './video.js';
