/**
 * Changed voices for the confidence benchmark (bench/confidence.mjs): a check on voices the
 * confidence model is never fitted on. The real-speech set keeps its other speakers apart, so these
 * are the three development speakers' whole takes made into other voices — pitch moved up or down
 * by sox, tempo changed, the gain changed, a noise bed added to each take (as a speaker's own room
 * or line noise) — joined as the benchmark joins whole takes (bench/confidence-data.mjs), with
 * planted faults, each word's truth its first and last sample over twice the changed speaker's
 * noise (bench/real-voices.mjs). Their words are labelled like the benchmark's but never written
 * to features.json: the figures are what a voice outside the fit gets.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { monoWav, prng } from './lib.mjs';
import { joinScript } from './confidence-script.mjs';
import { FSDD } from './confidence-takes.mjs';
import { audibleExtent, samples16k, speakerThreshold } from './real-voices.mjs';

const exec = promisify(execFile);
const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** A sample under this (of 32,768) at a changed take's end is the effect's tail of silence, not the take's own noise bed. */
const EFFECT_TAIL = 16;

/** A take at 16 kHz (samples16k), changed by sox `effects` (no dither), with white noise of peak about `noise` added. */
async function changedTake(tmp, file, effects, noise, seed) {
  const wav = join(tmp, 'take.wav');
  const raw = join(tmp, 'take.raw');
  const decoded = await samples16k(join(FSDD, file));
  await writeFile(wav, monoWav(Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength)));
  await exec('sox', ['-D', wav, '-t', 'raw', '-e', 'signed', '-b', '16', raw, ...effects]);
  const bytes = await readFile(raw);
  const changed = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  // sox's pitch and tempo leave some 100 samples of near silence after the take's last sound. Kept, they would be the
  // take's quietest 5 ms, the speaker's noise floor would be 0 and each word's truth its whole take, noise bed and all.
  let end = changed.length;
  while (end > 0 && Math.abs(changed[end - 1]) < EFFECT_TAIL) end--;
  const s = changed.slice(0, end);
  const random = prng(seed);
  // The sum of three uniform draws: a bell-shaped noise, peak about `noise`.
  for (let i = 0; noise > 0 && i < s.length; i++) {
    s[i] = Math.max(-32768, Math.min(32767, s[i] + Math.round((random() + random() + random() - 1.5) * noise)));
  }
  return s;
}

/**
 * A script from the steps with planted faults, by step index: `heading` (an unspoken word first), `substituted` (the
 * reference writes the digit `shift` on), `missing` (left out of the reference), `noise` (`[index, amplitude, ms = 400]`:
 * noise for the word, which the reference keeps) and `stutter` (the take's first 1,500 samples said before it).
 */
function planted(steps, { heading, substituted = [], shift = 3, missing = [], noise = [], stutter = [] }) {
  const script = steps.flatMap((s, k) => {
    const stretch = noise.find(([at]) => at === k);
    if (stretch !== undefined) return [{ noise: stretch[2] ?? 400, ref: s.ref, amplitude: stretch[1] }];
    if (missing.includes(k)) return [{ ...s, ref: null, fault: 'missing' }];
    if (substituted.includes(k)) return [{ ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + shift) % 10] }];
    if (stutter.includes(k)) return [{ stutter: s.samples.slice(s.extent[0], s.extent[0] + 1500) }, { ...s, fault: 'stutter' }];
    return [s];
  });
  return heading === undefined ? script : [{ unsaid: heading, fault: 'heading' }, ...script];
}

/** `[name, speaker, sox effects, added noise peak, faults, script from the steps]`. */
const VOICES = [
  ['voice-jackson-low-noisy', 'jackson', ['pitch', '-300', 'tempo', '0.92'], 120, 'an unspoken heading, two digits missing from the reference, one substituted',
    (steps) => planted(steps, { heading: 'numbers', missing: [5, 14], substituted: [10], shift: 3 })],
  ['voice-george-high', 'george', ['pitch', '250', 'tempo', '1.08', 'gain', '-6'], 0, 'a noise stretch, a stutter',
    (steps) => planted(steps, { noise: [[6, 800]], stutter: [13] })],
  ['voice-nicolas-high', 'nicolas', ['pitch', '200'], 0, 'an unspoken heading, two digits substituted',
    (steps) => planted(steps, { heading: 'code', substituted: [4, 17], shift: 5 })],
  ['voice-jackson-fast', 'jackson', ['pitch', '150', 'tempo', '1.15', 'gain', '4'], 40, 'none (correct reference)', (steps) => steps],
  ['voice-george-low-noisy', 'george', ['pitch', '-200'], 200, 'a digit missing from the reference, a faint noise stretch',
    (steps) => planted(steps, { missing: [8], noise: [[16, 300, 350]] })],
  // More voices, so that a figure on voices outside the fit rests on some hundred wrong clips rather than a few dozen.
  ['voice-jackson-high-phone', 'jackson', ['pitch', '300', 'highpass', '300', 'lowpass', '3400'], 60, 'two digits substituted, a stutter',
    (steps) => planted(steps, { substituted: [6, 15], shift: 2, stutter: [11] })],
  ['voice-george-slow-noisy', 'george', ['pitch', '-100', 'tempo', '0.85'], 100, 'an unspoken heading, a digit missing from the reference, a noise stretch',
    (steps) => planted(steps, { heading: 'total', missing: [9], noise: [[14, 1500]] })],
  ['voice-nicolas-low-noisy', 'nicolas', ['pitch', '-250'], 150, 'two digits missing from the reference, one substituted',
    (steps) => planted(steps, { missing: [7, 8], substituted: [16], shift: 6 })],
  ['voice-jackson-quiet', 'jackson', ['gain', '-12'], 30, 'a noise stretch, a digit substituted',
    (steps) => planted(steps, { noise: [[5, 600]], substituted: [13], shift: 1 })],
  ['voice-george-fast', 'george', ['pitch', '100', 'tempo', '1.2'], 0, 'two digits substituted, a stutter',
    (steps) => planted(steps, { substituted: [3, 18], shift: 4, stutter: [10] })],
  ['voice-nicolas-fast-noisy', 'nicolas', ['pitch', '100', 'tempo', '1.15'], 250, 'an unspoken heading, a digit missing from the reference',
    (steps) => planted(steps, { heading: 'page', missing: [12] })],
  ['voice-jackson-low', 'jackson', ['pitch', '-150'], 0, 'none (correct reference)', (steps) => steps],
  ['voice-george-room', 'george', ['reverb', '20', '50', '30'], 20, 'a digit substituted, a noise stretch',
    (steps) => planted(steps, { substituted: [8], shift: 5, noise: [[17, 900]] })],
  ['voice-nicolas-phone', 'nicolas', ['highpass', '300', 'lowpass', '3400'], 0, 'none (correct reference)', (steps) => steps],
  ['voice-jackson-mid-noisy', 'jackson', ['pitch', '80', 'tempo', '0.95'], 180, 'a stutter, a digit missing from the reference, one substituted',
    (steps) => planted(steps, { stutter: [4], missing: [11], substituted: [17], shift: 7 })],
  ['voice-george-loud', 'george', ['gain', '6'], 20, 'none (correct reference)', (steps) => steps],
  ['voice-nicolas-stutters', 'nicolas', ['pitch', '-80', 'tempo', '1.05'], 0, 'two stutters, a digit substituted',
    (steps) => planted(steps, { stutter: [5, 14], substituted: [19], shift: 8 })],
];

/**
 * Changed voices the confidence model is fitted on, beside the benchmark's own recordings
 * (bench/confidence-data.mjs): other changes of the same three speakers than {@link VOICES}, so
 * that the fit sees voices, noise and bandwidths other than the three speakers' own while the
 * voices it is judged on stay apart.
 */
const FIT_VOICES = [
  ['fit-jackson-up-noisy', 'jackson', ['pitch', '200'], 80, 'two digits substituted, one missing from the reference',
    (steps) => planted(steps, { substituted: [4, 16], shift: 1, missing: [10] })],
  ['fit-george-down-slow', 'george', ['pitch', '-300', 'tempo', '0.9'], 0, 'an unspoken heading, a noise stretch, a stutter',
    (steps) => planted(steps, { heading: 'list', noise: [[7, 1200]], stutter: [15] })],
  ['fit-nicolas-fast', 'nicolas', ['tempo', '1.25'], 0, 'a digit substituted, two missing from the reference',
    (steps) => planted(steps, { substituted: [12], shift: 4, missing: [5, 18] })],
  ['fit-jackson-phone-noisy', 'jackson', ['highpass', '400', 'lowpass', '3000'], 120, 'a stutter, a digit substituted',
    (steps) => planted(steps, { stutter: [8], substituted: [14], shift: 6 })],
  ['fit-george-quiet-noisy', 'george', ['gain', '-10'], 60, 'a noise stretch, a digit missing from the reference',
    (steps) => planted(steps, { noise: [[11, 700]], missing: [17] })],
  ['fit-nicolas-high-slow', 'nicolas', ['pitch', '300', 'tempo', '0.9'], 0, 'an unspoken heading, a digit substituted',
    (steps) => planted(steps, { heading: 'code', substituted: [9], shift: 2 })],
  ['fit-jackson-fast', 'jackson', ['pitch', '50', 'tempo', '1.1'], 0, 'none (correct reference)', (steps) => steps],
  ['fit-george-phone', 'george', ['highpass', '250', 'lowpass', '3600'], 0, 'none (correct reference)', (steps) => steps],
  ['fit-nicolas-room', 'nicolas', ['reverb', '30', '40', '40'], 40, 'a stutter, a digit substituted',
    (steps) => planted(steps, { stutter: [6], substituted: [13], shift: 5 })],
  ['fit-jackson-low-slow', 'jackson', ['pitch', '-200', 'tempo', '0.88'], 50, 'an unspoken heading, two digits missing from the reference',
    (steps) => planted(steps, { heading: 'call', missing: [8, 9] })],
  ['fit-george-up-noisy', 'george', ['pitch', '150', 'tempo', '1.05'], 150, 'two digits substituted, a noise stretch',
    (steps) => planted(steps, { substituted: [2, 19], shift: 9, noise: [[12, 1000]] })],
  ['fit-nicolas-low', 'nicolas', ['pitch', '-150', 'gain', '3'], 0, 'none (correct reference)', (steps) => steps],
];

/**
 * `voices`' recordings, written into `dir/in` with their references in `dir/ref` (kept when already
 * there), 22 digits each drawn with the seed `pickSeed + i`, joined with the seed `joinSeed + i`.
 */
async function changedSet(dir, voices, pickSeed, joinSeed) {
  await mkdir(join(dir, 'in'), { recursive: true });
  await mkdir(join(dir, 'ref'), { recursive: true });
  const files = (await readdir(FSDD)).filter((f) => /^\d_[a-z]+_\d+\.wav$/.test(f)).sort();
  const out = [];
  for (const [i, [name, speaker, effects, noise, faults, build]] of voices.entries()) {
    const wav = join(dir, 'in', `${name}.wav`);
    const meta = join(dir, `${name}.truth.json`);
    if (!existsSync(meta)) {
      const tmp = await mkdtemp(join(tmpdir(), 'dictclip-voices-'));
      try {
        const mine = files.filter((f) => f.split('_')[1] === speaker);
        const takes = new Map();
        for (const [k, f] of mine.entries()) takes.set(f, await changedTake(tmp, f, effects, noise, 7 + k));
        const threshold = speakerThreshold([...takes.values()]);
        const random = prng(pickSeed + i);
        const steps = Array.from({ length: 22 }, () => {
          const d = Math.floor(random() * 10);
          const choices = mine.filter((f) => f.startsWith(`${d}_`));
          const samples = takes.get(choices[Math.floor(random() * choices.length)]);
          return { say: DIGITS[d], samples, extent: audibleExtent(samples, threshold), ref: DIGITS[d] };
        });
        const truth = await joinScript(wav, build(steps), joinSeed + i);
        await writeFile(join(dir, 'ref', `${name}.txt`), `${truth.reference.map((w) => w.text).join(' ')}\n`);
        await writeFile(meta, JSON.stringify(truth));
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    }
    const kind = `real digits changed (fsdd ${speaker}: ${effects.join(' ')}${noise > 0 ? `, noise bed ${noise}` : ''})`;
    out.push({ name, kind, faults, wav, ...JSON.parse(await readFile(meta, 'utf8')) });
  }
  return out;
}

/** The changed voices the model is judged on and never fitted on ({@link VOICES}), in `dir`. */
export function changedVoicesSet(dir) {
  return changedSet(dir, VOICES, 500, 301);
}

/** The changed voices the model is fitted on ({@link FIT_VOICES}), in `dir` beside the benchmark's own recordings. */
export function fitVoicesSet(dir) {
  return changedSet(dir, FIT_VOICES, 700, 901);
}
