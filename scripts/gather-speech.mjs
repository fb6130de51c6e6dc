#!/usr/bin/env node
// Gathers real human speech for the demo: Debian's pocketsphinx-testdata ships five short
// LibriVox readings and their transcription. They are transcoded into samples/speech/
// (git-ignored) in several formats, each with its reference text beside it (<id>.txt), so
// `dictclip run samples --transcripts samples` cuts them with the reference's words. Nothing here is committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const source = process.env.DICTCLIP_SPEECH_DIR ?? '/usr/share/pocketsphinx/test/data/librivox';
const target = new URL('../samples/speech/', import.meta.url).pathname;
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

if (!existsSync(source)) {
  console.error(`gather-speech: ${source} not found. Install it with: sudo apt-get install pocketsphinx-testdata`);
  process.exit(1);
}
// One format per reading: 44.1 kHz stereo wav, mp3, ogg, m4a, flac.
const formats = [
  ['wav', ['-ar', '44100', '-ac', '2']],
  ['mp3', ['-ar', '44100', '-b:a', '96k']],
  ['ogg', ['-c:a', 'libvorbis', '-q:a', '4']],
  ['m4a', ['-c:a', 'aac', '-b:a', '64k']],
  ['flac', ['-ar', '48000']],
];
const readings = readdirSync(source).filter((name) => name.endsWith('.wav')).sort();
mkdirSync(target, { recursive: true });
readings.forEach((name, index) => {
  const [extension, args] = formats[index % formats.length];
  const output = join(target, `${name.replace(/\.wav$/, '')}.${extension}`);
  if (!existsSync(output)) execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', join(source, name), ...args, output], { stdio: 'inherit' });
});
// The transcription: `<s> words </s> (<id>)` per line → samples/speech/<id>.txt.
for (const line of readFileSync(join(source, 'transcription'), 'utf8').split('\n')) {
  const match = /^(.*)\(([^()]+)\)\s*$/.exec(line.trim());
  if (match !== null) writeFileSync(join(target, `${match[2].trim()}.txt`), `${match[1].replace(/<\/?s>/g, ' ').trim().replace(/\s+/g, ' ')}\n`);
}
console.log(`gather-speech: ${readings.length} real speech recordings and their reference texts in samples/speech/`);
