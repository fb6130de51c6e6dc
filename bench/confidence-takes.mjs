/**
 * The real spoken digits the confidence benchmark joins (the real speech's `fsdd/`): a take trimmed
 * to where it is louder than its own noise (its truth: all of it), or a speaker's takes whole with
 * their noise bed, each with its audible extent as the alignment benchmark measures it.
 */
import { join } from 'node:path';
import { audibleExtent, REAL_SPEECH, samples16k, speakerThreshold } from './real-voices.mjs';

/** The real digits: `fsdd/` of the real speech (bench/real-voices.mjs). */
export const FSDD = join(REAL_SPEECH, 'fsdd');

/** A real digit take at 16 kHz, trimmed to where it is louder than its own noise. */
export async function digitTake(file) {
  const all = await samples16k(file);
  const win = 160;
  const rms = [];
  for (let i = 0; i + win <= all.length; i += win) {
    let sum = 0;
    for (let k = i; k < i + win; k++) sum += all[k] * all[k];
    rms.push(Math.sqrt(sum / win));
  }
  const sorted = [...rms].sort((a, b) => a - b);
  const floor = sorted[Math.floor(0.1 * (sorted.length - 1))] ?? 0;
  const peak = sorted.at(-1) ?? 0;
  const [first, last] = audibleExtent(all, Math.max(4 * floor, 0.03 * peak, 60));
  return all.slice(first, last + 1);
}

/**
 * The takes of one speaker at 16 kHz, whole (their own noise bed kept, as the real-speech set's
 * README joins them), each with its audible extent as the alignment benchmark's real voices
 * measure it (bench/real-voices.mjs: first and last sample louder than twice the speaker's noise
 * floor), the truth of the word it holds: `{ samples, extent }` by file.
 */
export async function speakerTakes(files) {
  const all = await Promise.all(files.map((f) => samples16k(join(FSDD, f))));
  const threshold = speakerThreshold(all);
  return new Map(files.map((f, i) => [f, { samples: all[i], extent: audibleExtent(all[i], threshold) }]));
}
