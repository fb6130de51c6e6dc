#!/usr/bin/env node
// Fit the confidence models (src/align/confidence) on the labelled words the confidence benchmark
// wrote (`node bench/run.mjs --only confidence` → bench/out/confidence/features.json; not committed):
// one L2-regularized logistic regression per model (Newton's method), label 1 = the clip holds its
// word with both edges within 50 ms (the recognized model's intercept then raised: see
// raiseRecognized). Writes src/align/confidence/coefficients.ts and prints the threshold (set it
// as confidenceThreshold's default in src/config/keys.ts). The benchmark imports fitModels /
// chooseThreshold / raiseRecognized from here for its leave-one-recording-out figures.
// Usage: node scripts/fit-confidence.mjs [features.json]
import { readFileSync, writeFileSync } from 'node:fs';
// The caps as the run applies them (the built library: `npm run build` comes first, as for the benchmark that feeds this).
import { cappedConfidence } from '../dist/align/confidence/model.js';

const BASIC = ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'];
/**
 * Tried in order: the first whose features a word has scores it (the last needs no evidence of the
 * aligner). `fitOn`: the labelled rows a model is fitted on. The acoustic model (reference words
 * the aligner placed) is fitted on those words only, and kept to few features: its length against
 * its phones, sound no word was given just outside an edge, quiet inside an edge, goodness of
 * pronunciation, noise (zero crossings), how far edge refinement moved its start earlier than
 * the search put it, loud sound no word was given in a pause beside it, whether its span cuts
 * into speech (the `cut-edge` test on the word alone), its first syllable heard again right
 * after it (echo), and whether it opens or closes on 50 ms of its take's noise
 * (take-noise.ts). The recognized model (words without a reference that carry the service's own
 * confidence) is fitted on those words. The basic model is also fitted on
 * the text-aligned pass's words (mode `text`: the reference words given the times of a service's
 * recognized words), the only words whose `substituted` is ever 1 (the service heard another word
 * there), so a substituted word is scored on what that measured.
 */
export const MODELS = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo', 'phoneLate', 'noiseAtStart', 'noiseAtEnd'], fitOn: (r) => r.mode === 'reference' },
  { name: 'recognized', features: [...BASIC, 'posterior'], fitOn: (r) => r.mode === 'recognized' },
  { name: 'basic', features: BASIC, fitOn: (r) => r.mode === 'reference' || r.mode === 'text' },
];
/** A model fitted on fewer words than this is left out (its words fall through to the next). */
const MIN_WORDS = 40;
/** L2 weight (the intercept is not penalized). */
const LAMBDA = 1;
/**
 * Share of the right clips with a reference the threshold may flag. On 2026-11-27 voices the model
 * was never fitted on saw about twice the benchmark's share (the changed voices of
 * bench/confidence-voices.mjs: 8.6 % of right clips flagged where the benchmark flagged 3.9 %), so
 * it was 4 %. With the take noise at the edges (`noiseAtStart`, `noiseAtEnd`) they see less than
 * the benchmark does (refitted 2026-12-08, scored on the reference runs by a harness outside the
 * repository): at 4 % the fit chose 0.71, flagging 64.5 % of those voices' wrong clips and 4.4 % of
 * their right ones, the benchmark's own 74.8 % and 5.2 %; at 6 %, 0.76: 67.1 % and 5.1 %, the
 * benchmark's 76.9 % and 6.6 %. At 7 % (0.78) two more of those voices' wrong clips, but leaving one
 * recording out 51 right clips flagged where 0.76 flags 50 and 0.71 flags 36, for one wrong clip
 * more each, and a right espeak-ng "to" whose faint vowel tail reads as take noise (0.771) flagged.
 */
export const RIGHT_FLAGGED = 0.06;
/**
 * Share of the demo's clips (`npm run demo`: connected speech of voices the model is not fitted on,
 * no truth) the threshold may leave flagged in all, any flag counted (`low-confidence`, `cut-edge`,
 * `unaligned`): the issue's goal is at most 20 %; 18 % leaves room for a voice or machine that
 * scores a little differently. Before, the rule capped the demo's words flagged `low-confidence`
 * alone at 4 %, which kept a word whose edge cuts into speech above the threshold even where the
 * `cut-edge` flag already marked its clip.
 */
export const DEMO_FLAGGED = 0.18;

/** Solve A x = b (Gaussian elimination with partial pivoting). */
function solve(A, b) {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) x[r] = (M[r][n] - M[r].slice(r + 1, n).reduce((s, v, k) => s + v * x[r + 1 + k], 0)) / M[r][r];
  return x;
}

const sigmoid = (z) => 1 / (1 + Math.exp(-z));

function fit(features, data) {
  const X = data.map((r) => [1, ...features.map((f) => r.features[f])]);
  const y = data.map((r) => (r.right ? 1 : 0));
  let w = new Array(features.length + 1).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const p = X.map((x) => sigmoid(x.reduce((s, v, k) => s + v * w[k], 0)));
    const g = w.map((wk, k) => X.reduce((s, x, i) => s + x[k] * (p[i] - y[i]), 0) + (k === 0 ? 0 : LAMBDA * wk));
    const H = w.map((_, a) =>
      w.map((__, b) => X.reduce((s, x, i) => s + x[a] * x[b] * p[i] * (1 - p[i]), 0) + (a === b && a > 0 ? LAMBDA : 0)),
    );
    const step = solve(H, g);
    w = w.map((wk, k) => wk - step[k]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return w.map((v) => Math.round(v * 1000) / 1000);
}

const known = (features, r) => r.features !== null && features.every((f) => r.features[f] !== null && r.features[f] !== undefined);
/** A word the run placed nowhere: flagged `unaligned` whatever its confidence, left out of the fit. */
export const unaligned = (r) => r.flags.includes('unaligned');

/** The models fitted on the labelled rows (each on its own `fitOn` rows whose features it knows). */
export function fitModels(rows, log = () => {}) {
  const labelled = rows.filter((r) => typeof r.right === 'boolean' && !unaligned(r));
  return MODELS.flatMap((m) => {
    const data = labelled.filter((r) => m.fitOn(r) && known(m.features, r));
    if (data.length < MIN_WORDS && m !== MODELS.at(-1)) {
      log(`${m.name}: ${data.length} words, too few: left out`);
      return [];
    }
    const weights = fit(m.features, data);
    log(`${m.name}: ${data.length} words (${data.filter((r) => !r.right).length} wrong); weights ${weights.join(' ')}`);
    return [{ name: m.name, features: m.features, weights }];
  });
}

/**
 * The probability the first applicable model gives a row, as src/align/confidence/model.ts does
 * (unrounded, with its caps: model.ts `cappedConfidence`): 0 for a word whose times are an estimate (feature `estimated`),
 * whatever its features.
 */
export function probability(models, r) {
  if (r.features?.estimated === 1) return 0;
  for (const m of models) {
    if (!known(m.features, r)) continue;
    const p = sigmoid(m.features.reduce((s, f, i) => s + r.features[f] * m.weights[i + 1], m.weights[0]));
    return cappedConfidence(p, r.features);
  }
  return 0;
}

/**
 * The highest threshold (0.05 to 0.95 by 0.01) that flags at most {@link RIGHT_FLAGGED} of the
 * right clips with a reference of the benchmark's own recordings (not its changed voices: like any
 * voice outside the three speakers', they see about twice that share, which is what
 * {@link RIGHT_FLAGGED} leaves room for) and leaves at most {@link DEMO_FLAGGED} of the demo's clips (rows of
 * mode `demo`) with any flag: one the threshold does not decide (`unaligned`, `cut-edge`,
 * `rate-outlier`, …) or a probability under it. The words without a reference are the recognized model's to fit to it.
 */
export function chooseThreshold(models, rows) {
  const right = rows
    .filter((r) => r.mode === 'reference' && r.right === true && !unaligned(r) && r.changedVoice !== true)
    .map((r) => probability(models, r));
  const demo = rows.filter((r) => r.mode === 'demo');
  const alwaysFlagged = (r) => r.flags.some((f) => f !== 'low-confidence' && f !== 'verified');
  let threshold = 0.05;
  for (let k = 5; k <= 95; k++) {
    const t = k / 100;
    const demoFlagged = demo.filter((r) => alwaysFlagged(r) || probability(models, r) < t).length;
    if (right.filter((p) => p < t).length <= RIGHT_FLAGGED * right.length && demoFlagged <= DEMO_FLAGGED * demo.length) threshold = t;
  }
  return threshold;
}

/**
 * The recognizer's own words in the benchmark are mostly wrong (espeak-ng voices and isolated
 * digits, far from the read speech it is made for), so the recognized model's fitted intercept
 * carries that prior and would put most right words under the threshold. It is raised until no more
 * than {@link RIGHT_FLAGGED} of the right recognized words are under `threshold` (never lowered).
 * Returns the models with it raised.
 */
export function raiseRecognized(models, rows, threshold, log = () => {}) {
  return models.map((m) => {
    if (m.name !== 'recognized') return m;
    const own = (r) =>
      r.mode === 'recognized' && r.right === true && !unaligned(r) && r.changedVoice !== true && models.find((x) => known(x.features, r)) === m;
    const z = rows.filter(own).map((r) => m.features.reduce((s, f, i) => s + r.features[f] * m.weights[i + 1], 0)).sort((a, b) => a - b);
    if (z.length === 0) return m;
    const needed = Math.log(threshold / (1 - threshold)) - z[Math.floor(RIGHT_FLAGGED * z.length)] + 0.001;
    if (needed <= m.weights[0]) return m;
    log(`recognized: intercept ${m.weights[0]} raised to ${needed.toFixed(3)} (${z.length} right words, threshold ${threshold})`);
    return { ...m, weights: [Math.round(needed * 1000) / 1000, ...m.weights.slice(1)] };
  });
}

/** Flagged by the models at the threshold: `unaligned`, or a probability under it. */
export const caught = (models, threshold, r) => unaligned(r) || probability(models, r) < threshold;

/** Lower bounds of the confidence bands of {@link reliability}, the last one closed at 1. */
export const CALIBRATION_BANDS = [0, 0.25, 0.5, 0.75, 0.9];

/**
 * Does a confidence mean what it says? Per band of confidence `{ from, to, clips, mean, right }` of
 * `rows` (each `{ p, right }`: its confidence, whether its clip is right), and the expected
 * calibration error: the clip-weighted mean over the bands of |share right − mean confidence|.
 */
export function reliability(rows) {
  const bands = CALIBRATION_BANDS.map((from, i) => {
    const to = CALIBRATION_BANDS[i + 1] ?? 1;
    const inBand = rows.filter((r) => r.p >= from && (r.p < to || to === 1));
    const mean = inBand.reduce((s, r) => s + r.p, 0) / Math.max(1, inBand.length);
    return { from, to, clips: inBand.length, mean, right: inBand.filter((r) => r.right).length };
  });
  const gaps = bands.reduce((s, b) => s + (b.clips === 0 ? 0 : b.clips * Math.abs(b.right / b.clips - b.mean)), 0);
  return { bands, error: gaps / Math.max(1, rows.length) };
}

/**
 * Leave one recording out: per recording, the models and threshold fitted on the others (the demo
 * rows kept), and its own rows judged by them. Returns the rows with `heldOut`, whether flagged,
 * and `heldOutP`, the confidence those models give it.
 */
export function leaveOneRecordingOut(rows) {
  const recordings = [...new Set(rows.filter((r) => r.mode !== 'demo').map((r) => r.recording))];
  return recordings.flatMap((name) => {
    const rest = rows.filter((r) => r.recording !== name);
    const fitted = fitModels(rest);
    const threshold = chooseThreshold(fitted, rest);
    const models = raiseRecognized(fitted, rest, threshold);
    return rows
      .filter((r) => r.recording === name && r.mode !== 'demo')
      .map((r) => ({ ...r, heldOut: caught(models, threshold, r), heldOutP: probability(models, r) }));
  });
}

function main() {
  const file = process.argv[2] ?? new URL('../bench/out/confidence/features.json', import.meta.url).pathname;
  const rows = JSON.parse(readFileSync(file, 'utf8')).filter((r) => r.features !== null);
  const first = fitModels(rows, console.log);
  const threshold = chooseThreshold(first, rows);
  const fitted = raiseRecognized(first, rows, threshold, console.log);
  const labelled = rows.filter((r) => typeof r.right === 'boolean');
  const right = labelled.filter((r) => r.right);
  const wrong = labelled.filter((r) => !r.right);
  const demo = rows.filter((r) => r.mode === 'demo');
  const flagged = (set) => set.filter((r) => caught(fitted, threshold, r)).length;
  console.log(`threshold ${threshold}: right flagged ${flagged(right)} of ${right.length}, wrong flagged ${flagged(wrong)} of ${wrong.length}, demo ${flagged(demo)} of ${demo.length}`);
  const held = leaveOneRecordingOut(rows);
  for (const mode of ['reference', 'text', 'recognized']) {
    const mine = held.filter((r) => r.mode === mode);
    const n = (right, flag) => mine.filter((r) => r.right === right && r.heldOut === flag).length;
    console.log(`leave one recording out, ${mode}: wrong flagged ${n(false, true)} of ${n(false, true) + n(false, false)}, right flagged ${n(true, true)} of ${n(true, true) + n(true, false)}`);
  }
  const placed = labelled.filter((r) => r.mode === 'reference' && !unaligned(r));
  for (const band of reliability(placed.map((r) => ({ p: probability(fitted, r), right: r.right }))).bands) {
    console.log(`  with reference, p in [${band.from}, ${band.to}): ${band.clips} words, ${band.right} right`);
  }
  const models = fitted
    .map((m) => `  { name: '${m.name}', features: [${m.features.map((f) => `'${f}'`).join(', ')}], weights: [${m.weights.join(', ')}] },`)
    .join('\n');
  writeFileSync(new URL('../src/align/confidence/coefficients.ts', import.meta.url), `/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * ${labelled.length} words (${wrong.length} wrong), fitted ${new Date().toISOString().slice(0, 10)}.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
${models}
];

/**
 * The calibrated default of \`confidenceThreshold\`: the highest that flags at most ${Math.round(RIGHT_FLAGGED * 1000) / 10} % of the
 * benchmark's right clips with a reference and leaves at most ${DEMO_FLAGGED * 100} % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = ${threshold};
`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
