/**
 * Speech with known truth and planted faults for the confidence benchmark (bench/confidence.mjs):
 * recordings joined from words whose audible extent is known exactly — espeak-ng words
 * (test/helpers/spoken-words.mjs) and real spoken digits (realspeech-dev/fsdd: takes trimmed to
 * where they are louder than their own noise, or whole with their noise bed and the truth the
 * alignment benchmark gives them) — with a reference
 * text that may differ from what is said: a sentence said but missing from the reference, a heading
 * never said, words substituted, a word's audio replaced by noise, a syllable repeated before a word.
 * The recordings are confidence-plans.mjs's, joined by confidence-script.mjs, and the changed
 * voices fitted on (confidence-voices.mjs `fitVoicesSet`).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordingPlans } from './confidence-plans.mjs';
import { joinScript } from './confidence-script.mjs';
import { fitVoicesSet } from './confidence-voices.mjs';

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
    out.push({ name: plan.name, kind: plan.kind, wholeTakes: plan.wholeTakes === true, faults: plan.faults, wav, ...JSON.parse(await readFile(meta, 'utf8')) });
  }
  // Changed voices of the same speakers, fitted on with the rest (the voices the model is judged on are others).
  return [...out, ...(await fitVoicesSet(dir))];
}
