/**
 * A recording of the confidence benchmark joined from a script (confidence-plans.mjs), with its
 * reference text and its truth: every spoken word's audible extent, exactly, and per reference word
 * the span it really has (null for a word never said, substituted or replaced by noise) and its
 * planted fault. The words are placed one after another with seeded pauses, over white noise of
 * peak 30, at 16 kHz.
 */
import { writeFile } from 'node:fs/promises';
import { monoWav, prng } from './lib.mjs';

const RATE = 16000;
/** The pauses after the words in turn, ms, unless a step names its own. */
const PAUSES = [40, 0, 120, 20, 250, 60, 0, 300, 90, 10];

/**
 * Join a script into `path` and write its reference text beside the truth. Steps:
 * `{ say, samples, ref, extent }` a spoken word (`ref`: what the reference writes for it; null: left
 * out; another word: substituted; `extent`: its first and last audible sample, when not the first
 * and last of `samples`), `{ unsaid }` a reference word never spoken, `{ noise: ms, ref, amplitude }`
 * white noise (peak `amplitude`, default 2500) where the reference has `ref` (null: no word of
 * the reference; the noise lies between two words), `{ stutter: samples, gapMs }` a syllable before
 * the next word, `gapMs` (default 90) before it. A spoken word or a noise may carry `gapMs` too: the
 * pause after it (else the next of the seeded pauses).
 */
export async function joinScript(path, script, seed) {
  const random = prng(seed);
  const ms = (n) => Math.round((n * RATE) / 1000);
  const parts = [];
  const reference = [];
  const spoken = [];
  let at = ms(500);
  let step = 0;
  const place = (samples, extent) => {
    parts.push({ at, samples });
    const [first, last] = extent ?? [0, samples.length - 1];
    const span = { startMs: ((at + first) * 1000) / RATE, endMs: ((at + last + 1) * 1000) / RATE };
    at += samples.length;
    return span;
  };
  for (const s of script) {
    if (s.unsaid !== undefined) { reference.push({ text: s.unsaid, truth: null, fault: s.fault ?? 'unsaid' }); continue; }
    if (s.stutter !== undefined) { place(s.stutter); at += ms(s.gapMs ?? 90); continue; }
    if (s.noise !== undefined) {
      const peak = s.amplitude ?? 2500;
      const noise = Int16Array.from({ length: ms(s.noise) }, () => Math.round((random() * 2 - 1) * peak));
      place(noise);
      if (s.ref !== null) reference.push({ text: s.ref, truth: null, fault: 'noise' });
    } else {
      const span = place(s.samples, s.extent);
      spoken.push({ word: s.say, ...span });
      if (s.ref !== null)
        reference.push({
          text: s.ref,
          truth: s.ref === s.say ? span : null,
          fault: s.fault ?? (s.ref === s.say ? undefined : 'substituted'),
        });
    }
    at += s.gapMs === undefined ? ms(PAUSES[step++ % PAUSES.length]) : ms(s.gapMs);
  }
  const total = at + ms(500);
  const samples = Int16Array.from({ length: total }, () => Math.round((random() * 2 - 1) * 30));
  for (const p of parts)
    for (let k = 0; k < p.samples.length; k++) samples[p.at + k] = Math.max(-32768, Math.min(32767, samples[p.at + k] + p.samples[k]));
  await writeFile(path, monoWav(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)));
  return { reference, spoken, durationMs: (total * 1000) / RATE };
}
