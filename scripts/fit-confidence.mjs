#!/usr/bin/env node
// Fit the confidence models (src/align/confidence) on the labelled words the confidence benchmark
// wrote (`node bench/run.mjs --only confidence` → bench/out/confidence/features.json; not committed):
// one L2-regularized logistic regression per model (Newton's method), label 1 = the clip holds its
// word with both edges within 50 ms. Writes src/align/confidence/coefficients.ts and prints the
// threshold that keeps at most 8 % of the right clips below it (set it as confidenceThreshold's
// default in src/config/keys.ts). Usage: node scripts/fit-confidence.mjs [features.json]
import { readFileSync, writeFileSync } from 'node:fs';

const BASIC = ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'];
/** Tried in order: the first whose features a word has scores it (the last needs no evidence of the aligner). */
const MODELS = [
  { name: 'acoustic', features: [...BASIC, 'gop', 'score', 'moved', 'rejected'] },
  { name: 'checked', features: [...BASIC, 'moved', 'rejected'] },
  { name: 'basic', features: BASIC },
];
/** A model fitted on fewer words than this is left out (its words fall through to the next). */
const MIN_WORDS = 40;
/** L2 weight (the intercept is not penalized). */
const LAMBDA = 1;
/** Share of right clips the threshold may flag. */
const RIGHT_FLAGGED = 0.08;

const file = process.argv[2] ?? new URL('../bench/out/confidence/features.json', import.meta.url).pathname;
const rows = JSON.parse(readFileSync(file, 'utf8')).filter((r) => r.features !== null);

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

const fitted = MODELS.flatMap((m) => {
  const data = rows.filter((r) => m.features.every((f) => r.features[f] !== null && r.features[f] !== undefined));
  if (data.length < MIN_WORDS && m !== MODELS.at(-1)) {
    console.log(`${m.name}: ${data.length} words, too few: left out`);
    return [];
  }
  const weights = fit(m.features, data);
  console.log(`${m.name}: ${data.length} words (${data.filter((r) => !r.right).length} wrong); weights ${weights.join(' ')}`);
  return [{ ...m, weights }];
});

const probability = (r) => {
  for (const m of fitted) {
    const xs = m.features.map((f) => r.features[f]);
    if (xs.some((x) => x === null || x === undefined)) continue;
    return sigmoid(xs.reduce((s, x, i) => s + x * m.weights[i + 1], m.weights[0]));
  }
  return 0;
};
const scored = rows.map((r) => ({ ...r, p: probability(r) }));
const right = scored.filter((r) => r.right);
const wrong = scored.filter((r) => !r.right);
let threshold = 0.05;
for (let t = 0.05; t <= 0.951; t += 0.05)
  if (right.filter((r) => r.p < t).length <= RIGHT_FLAGGED * right.length) threshold = Math.round(t * 100) / 100;
console.log(
  `threshold ${threshold}: right flagged ${right.filter((r) => r.p < threshold).length} of ${right.length}, wrong flagged ${wrong.filter((r) => r.p < threshold).length} of ${wrong.length}`,
);
for (const bin of [0, 0.2, 0.4, 0.6, 0.8]) {
  const inBin = scored.filter((r) => r.p >= bin && r.p < bin + 0.2);
  console.log(`  p in [${bin.toFixed(1)}, ${(bin + 0.2).toFixed(1)}): ${inBin.length} words, ${inBin.filter((r) => r.right).length} right`);
}

const models = fitted
  .map((m) => `  { name: '${m.name}', features: [${m.features.map((f) => `'${f}'`).join(', ')}], weights: [${m.weights.join(', ')}] },`)
  .join('\n');
writeFileSync(new URL('../src/align/confidence/coefficients.ts', import.meta.url), `/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * ${rows.length} words (${wrong.length} wrong), fitted ${new Date().toISOString().slice(0, 10)}.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
${models}
];

/** The calibrated default of \`confidenceThreshold\` (at most ${RIGHT_FLAGGED * 100} % of the right clips below it). */
export const FITTED_THRESHOLD = ${threshold};
`);
