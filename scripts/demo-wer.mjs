#!/usr/bin/env node
// After `npm run demo`: the demo's real speech (the LibriVox readings scripts/gather-speech.mjs
// copied from pocketsphinx-testdata) was cut with its reference transcription. For each reading:
// how many reference words were labelled and placed in the audio (out/alignments/), beside the
// word error rate the embedded engine's recognition alone gives on the same audio (it is run here
// for the comparison; src/accuracy/wer.ts, built). Usage: node scripts/demo-wer.mjs [out-dir]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTranscription, wordErrorRate } from '../dist/accuracy/wer.js';
import { createPocketSphinxEngine } from '../dist/service/engines/pocketsphinx.js';

const outDir = process.argv[2] ?? 'out';
const source = process.env.DICTCLIP_SPEECH_DIR ?? '/usr/share/pocketsphinx/test/data/librivox';
const samples = new URL('../samples/speech/', import.meta.url).pathname;
const alignmentDir = join(outDir, 'alignments', 'speech');
const references = parseTranscription(readFileSync(join(source, 'transcription'), 'utf8'));
const audio = existsSync(samples) ? readdirSync(samples).filter((name) => !name.endsWith('.txt')) : [];

const readings = [];
for (const [id, reference] of references) {
  const file = audio.find((name) => name.startsWith(`${id}.`));
  if (file !== undefined) readings.push({ id, file, reference });
}
if (readings.length === 0) {
  console.log(`no real speech in ${samples} (did gather-speech run?)`);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'dictclip-demo-wer-'));
const engine = createPocketSphinxEngine({ processes: 1 });
const pairs = [];
let labelled = 0;
let placed = 0;
let words = 0;
try {
  for (const reading of readings) {
    const wav = join(work, `${reading.id}.wav`);
    execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-v', 'error', '-y', '-i', join(samples, reading.file), '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', wav]);
    const recognition = await engine.recognize(wav, { durationMs: (readFileSync(wav).length - 44) / 32 });
    pairs.push({ reference: reading.reference, hypothesis: recognition.words.map((w) => w.word).join(' ') });
    const alignmentFile = join(alignmentDir, `${reading.file}.json`);
    const aligned = existsSync(alignmentFile) ? JSON.parse(readFileSync(alignmentFile, 'utf8')).words : [];
    reading.words = reading.reference.split(/\s+/).length;
    reading.labelled = aligned.filter((w) => w.startMs !== null).length;
    reading.placed = aligned.filter((w) => w.placement === 'acoustic' || w.placement === 'matched').length;
    words += reading.words;
    labelled += reading.labelled;
    placed += reading.placed;
  }
} finally {
  await engine.close();
  rmSync(work, { recursive: true, force: true });
}
const total = wordErrorRate(pairs);
const percent = (rate) => `${(rate * 100).toFixed(1)} %`;
console.log(`The ${readings.length} real recordings in samples/speech/ were cut with their reference transcription (pocketsphinx-testdata):`);
readings.forEach((reading, index) => {
  const { errors, referenceWords } = total.items[index];
  console.log(`  ${reading.file.padEnd(46)} ${String(reading.placed).padStart(3)} of ${String(reading.words).padStart(3)} words placed, ${String(reading.labelled).padStart(3)} labelled;` +
    ` recognition alone: WER ${percent(errors / referenceWords)}`);
});
console.log(`  all: ${placed} of ${words} reference words placed in the audio, ${labelled} labelled (clips with the reference's words);`);
console.log(`       recognition alone would have given ${total.errors} errors in ${total.referenceWords} words = WER ${percent(total.rate)}.`);
console.log('The other samples (samples/*.ogg, .mp3, .wav, .m4a, .flac) are espeak-ng synthetic speech: four are aligned to their text (samples/<name>.txt), train-station.flac has none and is cut from what the recognizer heard.');
