/**
 * The confidence benchmark's recordings, as plans: each a name, what it is made of, its planted
 * faults, and a script (confidence-script.mjs) built from espeak-ng words (test/helpers/spoken-words.mjs)
 * or real digit takes (confidence-takes.mjs): a sentence said but missing from the reference, a
 * heading never said, words substituted, a word's audio replaced by noise, a syllable repeated
 * before a word, noise between words, and clean recordings with a correct reference. The order
 * matters: a recording's seed is its place in the list.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { prng } from './lib.mjs';
import { digitTake, FSDD, speakerTakes } from './confidence-takes.mjs';
import { synthesize } from '../test/helpers/spoken-words.mjs';

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const SENTENCES = [
  'the old mill stood beside a narrow river where children fished on summer evenings',
  'every morning the miller opened the heavy doors and swept the dusty floor',
  'travellers often stopped to buy bread and ask for directions to the market town',
  'in winter the wheel froze and the village waited for the spring thaw',
].map((s) => s.split(' '));
/** Words a substitution puts in the reference instead of what was said. */
const OTHERS = ['garden', 'silver', 'pocket', 'lantern', 'seven', 'yellow'];

/**
 * `steps` (the spoken words' steps, in order) with noise where no word is: right before the word at
 * `before.at` and right after the one at `after.at` (no pause between), apart before the one at
 * `apart.at` (its own pause after the noise), and noise in place of the word at `word.at`, which the
 * reference still has: each `ms` long with peak `amplitude` (confidence-script.mjs).
 */
function noiseGaps(steps, { before, after, apart, word }) {
  return steps.flatMap((s, i) => {
    if (i === before.at) return [{ noise: before.ms, ref: null, amplitude: before.amplitude, gapMs: 0 }, s];
    if (i === after.at) return [{ ...s, gapMs: 0 }, { noise: after.ms, ref: null, amplitude: after.amplitude }];
    if (i === apart.at) return [{ noise: apart.ms, ref: null, amplitude: apart.amplitude, gapMs: apart.gapMs }, s];
    if (i === word.at) return [{ noise: word.ms, ref: s.ref, amplitude: word.amplitude }];
    return [s];
  });
}

/** The plans, in order. */
export async function recordingPlans() {
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
    name, kind: `real digits (fsdd ${speaker}${whole ? ', whole takes' : ''})`, wholeTakes: whole, faults,
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
      noiseGaps(steps, {
        before: { at: 4, ms: 350, amplitude: 400 }, after: { at: 9, ms: 300, amplitude: 300 },
        apart: { at: 14, ms: 400, amplitude: 1500, gapMs: 120 }, word: { at: 18, ms: 350, amplitude: 300 },
      }), true),
    real('fsdd-nicolas-whole-noise-gaps', 'nicolas', 'whole takes: three noise stretches between digits (right before a digit, right after one, apart), a faint noise stretch for a digit', (steps) =>
      noiseGaps(steps, {
        before: { at: 3, ms: 300, amplitude: 800 }, after: { at: 11, ms: 350, amplitude: 500 },
        apart: { at: 16, ms: 450, amplitude: 2500, gapMs: 150 }, word: { at: 7, ms: 350, amplitude: 250 },
      }), true),
    real('fsdd-jackson-noise-gaps', 'jackson', 'three noise stretches between digits (faint right before a digit, right after one, loud apart), a faint noise stretch for a digit', (steps) =>
      noiseGaps(steps, {
        before: { at: 5, ms: 350, amplitude: 300 }, after: { at: 10, ms: 300, amplitude: 600 },
        apart: { at: 17, ms: 400, amplitude: 2500, gapMs: 100 }, word: { at: 13, ms: 350, amplitude: 300 },
      })),
    synthetic('syn-noise-gaps', 'en-us', 160, [SENTENCES[0], SENTENCES[3]], 'three noise stretches between words (faint right before a word, right after one, loud apart), a faint noise stretch for a word', (a, [s1, s2]) =>
      noiseGaps([...s1, ...s2].map((w) => say(a, w)), {
        before: { at: 3, ms: 350, amplitude: 300 }, after: { at: 10, ms: 300, amplitude: 800 },
        apart: { at: 19, ms: 400, amplitude: 2500, gapMs: 100 }, word: { at: 14, ms: 350, amplitude: 300 },
      })),
  ];
}
