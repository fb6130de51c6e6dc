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

/** `[name, speaker, sox effects, added noise peak, faults, script from the steps]`. */
const VOICES = [
  ['voice-jackson-low-noisy', 'jackson', ['pitch', '-300', 'tempo', '0.92'], 120, 'an unspoken heading, two digits missing from the reference, one substituted',
    (steps) => [{ unsaid: 'numbers', fault: 'heading' }, ...steps.map((s, k) => (k === 5 || k === 14 ? { ...s, ref: null, fault: 'missing' } : k === 10 ? { ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 3) % 10] } : s))]],
  ['voice-george-high', 'george', ['pitch', '250', 'tempo', '1.08', 'gain', '-6'], 0, 'a noise stretch, a stutter',
    (steps) => steps.flatMap((s, k) => (k === 6 ? [{ noise: 400, ref: s.ref, amplitude: 800 }]
      : k === 13 ? [{ stutter: s.samples.slice(s.extent[0], s.extent[0] + 1500) }, { ...s, fault: 'stutter' }] : [s]))],
  ['voice-nicolas-high', 'nicolas', ['pitch', '200'], 0, 'an unspoken heading, two digits substituted',
    (steps) => [{ unsaid: 'code', fault: 'heading' }, ...steps.map((s, k) => (k === 4 || k === 17 ? { ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 5) % 10] } : s))]],
  ['voice-jackson-fast', 'jackson', ['pitch', '150', 'tempo', '1.15', 'gain', '4'], 40, 'none (correct reference)', (steps) => steps],
  ['voice-george-low-noisy', 'george', ['pitch', '-200'], 200, 'a digit missing from the reference, a faint noise stretch',
    (steps) => steps.flatMap((s, k) => (k === 8 ? [{ ...s, ref: null, fault: 'missing' }] : k === 16 ? [{ noise: 350, ref: s.ref, amplitude: 300 }] : [s]))],
];

/** The changed voices' recordings, written into `dir/in` with their references in `dir/ref` (kept when already there). */
export async function changedVoicesSet(dir) {
  await mkdir(join(dir, 'in'), { recursive: true });
  await mkdir(join(dir, 'ref'), { recursive: true });
  const files = (await readdir(FSDD)).filter((f) => /^\d_[a-z]+_\d+\.wav$/.test(f)).sort();
  const out = [];
  for (const [i, [name, speaker, effects, noise, faults, build]] of VOICES.entries()) {
    const wav = join(dir, 'in', `${name}.wav`);
    const meta = join(dir, `${name}.truth.json`);
    if (!existsSync(meta)) {
      const tmp = await mkdtemp(join(tmpdir(), 'dictclip-voices-'));
      try {
        const mine = files.filter((f) => f.split('_')[1] === speaker);
        const takes = new Map();
        for (const [k, f] of mine.entries()) takes.set(f, await changedTake(tmp, f, effects, noise, 7 + k));
        const threshold = speakerThreshold([...takes.values()]);
        const random = prng(500 + i);
        const steps = Array.from({ length: 22 }, () => {
          const d = Math.floor(random() * 10);
          const choices = mine.filter((f) => f.startsWith(`${d}_`));
          const samples = takes.get(choices[Math.floor(random() * choices.length)]);
          return { say: DIGITS[d], samples, extent: audibleExtent(samples, threshold), ref: DIGITS[d] };
        });
        const truth = await joinScript(wav, build(steps), 301 + i);
        await writeFile(join(dir, 'ref', `${name}.txt`), `${truth.reference.map((w) => w.text).join(' ')}\n`);
        await writeFile(meta, JSON.stringify(truth));
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    }
    out.push({ name, kind: `real digits changed (fsdd ${speaker}: ${effects.join(' ')}${noise > 0 ? `, noise bed ${noise}` : ''})`, faults, wav, ...JSON.parse(await readFile(meta, 'utf8')) });
  }
  return out;
}
