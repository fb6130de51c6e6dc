#!/usr/bin/env node
// Gathers real human speech for the demo: Debian's pocketsphinx-testdata ships five short
// LibriVox readings. They are transcoded into samples/speech/ (git-ignored) in several formats
// so `dictclip run samples` shows real recognition. Nothing here is committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
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
  if (existsSync(output)) return;
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', join(source, name), ...args, output], { stdio: 'inherit' });
});
console.log(`gather-speech: ${readings.length} real speech recordings in samples/speech/`);
