/**
 * Summarize a V8 .cpuprofile (from `node --cpu-prof`): self time per function and per file,
 * top N. Usage: node bench/profile-summary.mjs <file.cpuprofile> [N=25]
 */
import { readFileSync } from 'node:fs';

const [file, nArg = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const fn = new Map();
const files = new Map();
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id);
  const where = f.url.replace(/^file:\/\/.*?\/(dist|node_modules|bench)\//, '$1/') || '(native)';
  const key = `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  files.set(where, (files.get(where) ?? 0) + us);
}
const show = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(nArg))
  .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n');
console.log(`total sampled ${(total / 1000).toFixed(0)} ms\n-- by function (self)\n${show(fn)}\n-- by file (self)\n${show(files)}`);
