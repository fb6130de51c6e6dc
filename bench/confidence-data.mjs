/**
 * Speech with known truth and planted faults for the confidence benchmark (bench/confidence.mjs):
 * recordings joined from words whose audible extent is known exactly — espeak-ng words
 * (test/helpers/spoken-words.mjs) and real spoken digits (realspeech-dev/fsdd: takes trimmed to
 * where they are louder than their own noise, or whole with their noise bed and the truth the
 * alignment benchmark gives them) — with a reference
 * text that may differ from what is said: a sentence said but missing from the reference, a heading
 * never said, words substituted, a word's audio replaced by noise, a syllable repeated before a word.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monoWav, prng } from './lib.mjs';
import { audibleExtent, REAL_SPEECH, samples16k, speakerThreshold } from './real-voices.mjs';
import { synthesize } from '../test/helpers/spoken-words.mjs';

const RATE = 16000;
/** The real digits: `fsdd/` of the real speech (bench/real-voices.mjs). */
export const FSDD = join(REAL_SPEECH, 'fsdd');
const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const PAUSES = [40, 0, 120, 20, 250, 60, 0, 300, 90, 10];
const SENTENCES = [
  'the old mill stood beside a narrow river where children fished on summer evenings',
  'every morning the miller opened the heavy doors and swept the dusty floor',
  'travellers often stopped to buy bread and ask for directions to the market town',
  'in winter the wheel froze and the village waited for the spring thaw',
].map((s) => s.split(' '));
/** Words a substitution puts in the reference instead of what was said. */
const OTHERS = ['garden', 'silver', 'pocket', 'lantern', 'seven', 'yellow'];

/** A real digit take at 16 kHz, trimmed to where it is louder than its own noise. */
async function digitTake(file) {
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
async function speakerTakes(files) {
  const all = await Promise.all(files.map((f) => samples16k(join(FSDD, f))));
  const threshold = speakerThreshold(all);
  return new Map(files.map((f, i) => [f, { samples: all[i], extent: audibleExtent(all[i], threshold) }]));
}

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

/** The recordings of the set, written into `dir/in` with their references in `dir/ref` (kept when already there). */
export async function confidenceSet(dir) {
  const plans = await recordingPlans();
  await mkdir(join(dir, 'in'), { recursive: true });
  await mkdir(join(dir, 'ref'), { recursive: true });
  const out = [];
  for (const [i, plan] of plans.entries()) {
    const wav = join(dir, 'in', `${plan.name}.wav`);
    const meta = `${join(dir, plan.name)}.truth.json`;
    if (!existsSync(meta)) {
      const script = await plan.script();
      const truth = await joinScript(wav, script, 11 + i);
      await writeFile(join(dir, 'ref', `${plan.name}.txt`), `${truth.reference.map((w) => w.text).join(' ')}\n`);
      await writeFile(meta, JSON.stringify(truth));
    }
    out.push({ name: plan.name, kind: plan.kind, faults: plan.faults, wav, ...JSON.parse(await readFile(meta, 'utf8')) });
  }
  return out;
}

async function recordingPlans() {
  const voiceWords = async (voice, rate, words) => {
    const cache = new Map();
    for (const w of new Set(words)) cache.set(w, await synthesize(w, voice, rate, 'ffmpeg'));
    return cache;
  };
  const synthetic = (name, voice, rate, sentences, faults, build) => ({
    name, kind: `synthetic (espeak-ng ${voice}, ${rate} wpm)`, faults,
    script: async () => build(await voiceWords(voice, rate, sentences.flat()), sentences),
  });
  const say = (audio, word, ref = word) => ({ say: word, samples: audio.get(word), ref });
  const files = await readdir(FSDD);
  const digits = (speaker, n, seed) => {
    const random = prng(seed);
    return Array.from({ length: n }, () => Math.floor(random() * 10));
  };
  const speakers = new Map();
  // A take trimmed to where it is louder than its own noise (its truth: all of it), or whole with its audible extent.
  const takeOf = async (speaker, digit, k, whole) => {
    const file = files.filter((f) => f.startsWith(`${digit}_${speaker}_`)).sort()[k];
    if (!whole) return { samples: await digitTake(join(FSDD, file)), extent: undefined };
    if (!speakers.has(speaker)) speakers.set(speaker, await speakerTakes(files.filter((f) => f.split('_')[1] === speaker)));
    return speakers.get(speaker).get(file);
  };
  const real = (name, speaker, faults, build, whole = false) => ({
    name, kind: `real digits (fsdd ${speaker}${whole ? ', whole takes' : ''})`, faults,
    script: async () => {
      const ds = digits(speaker, 22, name.length * 7 + speaker.length);
      const takes = await Promise.all(ds.map((d, k) => takeOf(speaker, d, k % files.filter((f) => f.startsWith(`${d}_${speaker}_`)).length, whole)));
      return build(ds.map((d, k) => ({ say: DIGITS[d], samples: takes[k].samples, extent: takes[k].extent, ref: DIGITS[d] })), takes);
    },
  });
  return [
    synthetic(
      'syn-missing-heading',
      'en-us',
      170,
      [SENTENCES[0], SENTENCES[1], SENTENCES[2]],
      'unspoken heading, a sentence missing from the reference',
      (a, [s1, s2, s3]) => [
        { unsaid: 'chapter', fault: 'heading' },
        { unsaid: 'seven', fault: 'heading' },
        ...s1.map((w) => say(a, w)),
        ...s2.map((w) => ({ ...say(a, w, null), fault: 'missing' })),
        ...s3.map((w) => say(a, w)),
      ],
    ),
    synthetic(
      'syn-substituted-noise',
      'en-gb-x-rp',
      160,
      [SENTENCES[1], SENTENCES[3]],
      "three words substituted, two words' audio replaced by noise",
      (a, [s1, s2]) =>
        [...s1, ...s2].map((w, i) =>
          i === 4 || i === 17 || i === 22 ? say(a, w, OTHERS[i % OTHERS.length]) : i === 9 || i === 26 ? { noise: 450, ref: w } : say(a, w),
        ),
    ),
    synthetic('syn-stutter', 'en-us+f3', 180, [SENTENCES[2], SENTENCES[0]], 'a syllable repeated before four words', (a, [s1, s2]) =>
      [...s1, ...s2].flatMap((w, i) =>
        i % 7 === 3 ? [{ stutter: a.get(w).slice(0, 1900) }, { ...say(a, w), fault: 'stutter' }] : [say(a, w)],
      ),
    ),
    synthetic('syn-clean', 'en-us-nyc', 165, [SENTENCES[3], SENTENCES[1]], 'none (correct reference)', (a, [s1, s2]) =>
      [...s1, ...s2].map((w) => say(a, w)),
    ),
    real('fsdd-jackson-missing', 'jackson', 'three digits missing from the reference, two substituted', (steps) =>
      steps.map((s, i) =>
        i >= 8 && i < 11
          ? { ...s, ref: null, fault: 'missing' }
          : i === 3 || i === 15
            ? { ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 3) % 10] }
            : s,
      ),
    ),
    real(
      'fsdd-nicolas-noise-stutter',
      'nicolas',
      "one digit's audio replaced by noise, two stutters, one digit never said",
      (steps, takes) =>
        steps.flatMap((s, i) =>
          i === 6
            ? [{ noise: 400, ref: s.ref }]
            : i === 10 || i === 17
              ? [{ stutter: takes[i].samples.slice(0, 1600) }, { ...s, fault: 'stutter' }]
              : i === 13
                ? [{ unsaid: 'four' }, s]
                : [s],
        ),
    ),
    real('fsdd-george-heading', 'george', 'an unspoken heading, two digits substituted, one replaced by noise', (steps) => [
      { unsaid: 'digits', fault: 'heading' },
      { unsaid: 'list', fault: 'heading' },
      ...steps.map((s, i) =>
        i === 5 || i === 12 ? { ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 1) % 10] } : i === 18 ? { noise: 500, ref: s.ref } : s,
      ),
    ]),
    real('fsdd-jackson-clean', 'jackson', 'none (correct reference)', (steps) => steps),
    synthetic(
      'syn-f3-noise-stutter',
      'en-us+f3',
      170,
      [SENTENCES[3], SENTENCES[0]],
      "a word's audio replaced by noise, a syllable repeated right before three words (no pause), a word substituted",
      (a, [s1, s2]) =>
        [...s1, ...s2].flatMap((w, i) =>
          i === 5
            ? [{ noise: 400, ref: w }]
            : i === 3 || i === 15 || i === 21
              ? [{ stutter: a.get(w).slice(0, 1900), gapMs: 0 }, { ...say(a, w), fault: 'stutter' }]
              : i === 11
                ? [say(a, w, OTHERS[i % OTHERS.length])]
                : [say(a, w)],
        ),
    ),
    synthetic(
      'syn-m3-noise',
      'en-us+m3',
      150,
      [SENTENCES[2], SENTENCES[1]],
      "three words' audio replaced by noise (loud, softer, faint), a word missing from the reference",
      (a, [s1, s2]) =>
        [...s1, ...s2].map((w, i) =>
          i === 2 ? { noise: 400, ref: w }
            : i === 9 ? { noise: 350, ref: w, amplitude: 600 }
              : i === 17 ? { noise: 400, ref: w, amplitude: 200 }
                : i === 13 ? { ...say(a, w, null), fault: 'missing' } : say(a, w),
        ),
    ),
    real('fsdd-george-clean', 'george', 'none (correct reference)', (steps) => steps),
    real('fsdd-nicolas-clean', 'nicolas', 'none (correct reference)', (steps) => steps),
    // Whole takes, their own noise bed kept, each word's truth its first and last sample over twice the speaker's noise.
    real('fsdd-jackson-whole-faults', 'jackson', 'whole takes: an unspoken heading, two digits missing from the reference, one substituted', (steps) => [
      { unsaid: 'numbers', fault: 'heading' },
      ...steps.map((s, i) => (i === 4 || i === 15 ? { ...s, ref: null, fault: 'missing' } : i === 9 ? { ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 4) % 10] } : s)),
    ], true),
    real('fsdd-nicolas-whole-noise', 'nicolas', "whole takes: one digit's audio replaced by noise, a stutter", (steps, takes) =>
      steps.flatMap((s, i) =>
        i === 7 ? [{ noise: 400, ref: s.ref }]
          : i === 12 ? [{ stutter: takes[i].samples.slice(takes[i].extent[0], takes[i].extent[0] + 1600) }, { ...s, fault: 'stutter' }]
            : [s],
      ), true),
    real('fsdd-george-whole-clean', 'george', 'whole takes: none (correct reference)', (steps) => steps, true),
    real('fsdd-george-whole-faults', 'george', 'whole takes: a digit missing from the reference, one substituted, a faint noise stretch', (steps) =>
      steps.flatMap((s, i) =>
        i === 6 ? [{ ...s, ref: null, fault: 'missing' }]
          : i === 11 ? [{ ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 3) % 10] }]
            : i === 16 ? [{ noise: 350, ref: s.ref, amplitude: 400 }] : [s],
      ), true),
    real('fsdd-jackson-whole-noise-stutter', 'jackson', 'whole takes: a noise stretch, a stutter, an unspoken heading', (steps, takes) => [
      { unsaid: 'digits', fault: 'heading' },
      ...steps.flatMap((s, i) =>
        i === 5 ? [{ noise: 400, ref: s.ref, amplitude: 800 }]
          : i === 14 ? [{ stutter: takes[i].samples.slice(takes[i].extent[0], takes[i].extent[0] + 1500) }, { ...s, fault: 'stutter' }]
            : [s],
      ),
    ], true),
    real('fsdd-nicolas-whole-missing-substituted', 'nicolas', 'whole takes: two digits missing from the reference, two substituted', (steps) =>
      steps.map((s, i) => (i === 3 || i === 12 ? { ...s, ref: null, fault: 'missing' } : i === 8 || i === 18 ? { ...s, ref: DIGITS[(DIGITS.indexOf(s.say) + 5) % 10] } : s)), true),
    real('fsdd-jackson-whole-clean', 'jackson', 'whole takes: none (correct reference)', (steps) => steps, true),
    // Noise with no word of the reference between two words (right before a word, right after one, apart), faint to loud, and a
    // faint noise where the reference has a word: the sound of a word's neighbourhood that is no word's.
    real('fsdd-george-whole-noise-gaps', 'george', 'whole takes: three noise stretches between digits (faint right before a digit, faint right after one, loud apart), a faint noise stretch for a digit', (steps) =>
      steps.flatMap((s, i) =>
        i === 4 ? [{ noise: 350, ref: null, amplitude: 400, gapMs: 0 }, s]
          : i === 9 ? [{ ...s, gapMs: 0 }, { noise: 300, ref: null, amplitude: 300 }]
            : i === 14 ? [{ noise: 400, ref: null, amplitude: 1500, gapMs: 120 }, s]
              : i === 18 ? [{ noise: 350, ref: s.ref, amplitude: 300 }] : [s]), true),
    real('fsdd-nicolas-whole-noise-gaps', 'nicolas', 'whole takes: three noise stretches between digits (right before a digit, right after one, apart), a faint noise stretch for a digit', (steps) =>
      steps.flatMap((s, i) =>
        i === 3 ? [{ noise: 300, ref: null, amplitude: 800, gapMs: 0 }, s]
          : i === 11 ? [{ ...s, gapMs: 0 }, { noise: 350, ref: null, amplitude: 500 }]
            : i === 16 ? [{ noise: 450, ref: null, amplitude: 2500, gapMs: 150 }, s]
              : i === 7 ? [{ noise: 350, ref: s.ref, amplitude: 250 }] : [s]), true),
    real('fsdd-jackson-noise-gaps', 'jackson', 'three noise stretches between digits (faint right before a digit, right after one, loud apart), a faint noise stretch for a digit', (steps) =>
      steps.flatMap((s, i) =>
        i === 5 ? [{ noise: 350, ref: null, amplitude: 300, gapMs: 0 }, s]
          : i === 10 ? [{ ...s, gapMs: 0 }, { noise: 300, ref: null, amplitude: 600 }]
            : i === 17 ? [{ noise: 400, ref: null, amplitude: 2500, gapMs: 100 }, s]
              : i === 13 ? [{ noise: 350, ref: s.ref, amplitude: 300 }] : [s])),
    synthetic('syn-noise-gaps', 'en-us', 160, [SENTENCES[0], SENTENCES[3]], 'three noise stretches between words (faint right before a word, right after one, loud apart), a faint noise stretch for a word', (a, [s1, s2]) =>
      [...s1, ...s2].flatMap((w, i) =>
        i === 3 ? [{ noise: 350, ref: null, amplitude: 300, gapMs: 0 }, say(a, w)]
          : i === 10 ? [{ ...say(a, w), gapMs: 0 }, { noise: 300, ref: null, amplitude: 800 }]
            : i === 19 ? [{ noise: 400, ref: null, amplitude: 2500, gapMs: 100 }, say(a, w)]
              : i === 14 ? [{ noise: 350, ref: w, amplitude: 300 }] : [say(a, w)])),
  ];
}
