#!/usr/bin/env node
// After `npm run demo`: the word error rate of the embedded engine on the demo's real speech
// (the LibriVox readings scripts/gather-speech.mjs copied from pocketsphinx-testdata), against
// the reference transcripts that package ships (src/accuracy/wer.ts, built). Usage: node scripts/demo-wer.mjs [out-dir]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTranscription, wordErrorRate } from '../dist/accuracy/wer.js';

const outDir = process.argv[2] ?? 'out';
const source = process.env.DICTCLIP_SPEECH_DIR ?? '/usr/share/pocketsphinx/test/data/librivox';
const transcriptDir = join(outDir, 'transcripts', 'speech');
const references = parseTranscription(readFileSync(join(source, 'transcription'), 'utf8'));
const transcripts = existsSync(transcriptDir) ? readdirSync(transcriptDir) : [];

const pairs = [];
for (const [id, reference] of references) {
  // gather-speech.mjs gives each reading one format: speech/<id>.<ext>, transcript <id>.<ext>.txt.
  const file = transcripts.find((name) => name.startsWith(`${id}.`) && name.endsWith('.txt'));
  if (file === undefined) continue;
  pairs.push({ id, file, reference, hypothesis: readFileSync(join(transcriptDir, file), 'utf8') });
}
if (pairs.length === 0) {
  console.log(`word error rate: no transcript of the real speech in ${transcriptDir} (did the run fail?)`);
  process.exit(0);
}
const total = wordErrorRate(pairs);
const percent = (rate) => `${(rate * 100).toFixed(1)} %`;
console.log(`word error rate of the embedded engine (PocketSphinx) on the ${pairs.length} real recordings in samples/speech/,`);
console.log(`against the reference transcripts of pocketsphinx-testdata (${join(source, 'transcription')}):`);
pairs.forEach((pair, index) => {
  const { errors, referenceWords } = total.items[index];
  console.log(`  ${pair.file.replace(/\.txt$/, '').padEnd(52)} ${String(errors).padStart(3)} errors / ${String(referenceWords).padStart(3)} words  ${percent(errors / referenceWords)}`);
});
console.log(`  all: ${total.errors} errors / ${total.referenceWords} words = WER ${percent(total.rate)}`);
console.log('The other samples (samples/*.ogg, .mp3, .wav, .m4a, .flac) are espeak-ng synthetic speech with no reference: the embedded engine does far worse on them.');
