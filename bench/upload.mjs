/**
 * Part — compressed uploads (--upload-format). `dictclip run` (runPipeline through
 * bench/pipeline-run.mjs, embedded service, scripted engine) on speech made of the LibriVox
 * readings shipped with pocketsphinx, repeated to length: bytes the service received for 1 h of
 * speech with ogg ÷ pcm, uploads for a 40-minute recording with ogg, marker times with ogg vs pcm
 * (a script gives known words, so any difference is the upload's), and PocketSphinx's word error
 * rate on the LibriVox readings uploaded as PCM and as Ogg (the service decodes the Ogg before
 * recognition); webm and mp4 sizes for information. BENCH_SMALL=1: 6 and 4 minutes instead of 60 and 40.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshDir, importDist, OUT, saveResult, timed } from './lib.mjs';

const run = promisify(execFile);
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const SMALL = process.env.BENCH_SMALL === '1';
const POLL = { pollInitialMs: 50, pollMaxMs: 200 };

/** The readings, concatenated once (16 kHz mono WAV). */
async function readings(dir) {
  const parts = (await readdir(LIBRIVOX)).filter((n) => n.endsWith('.wav')).sort().map((n) => join(LIBRIVOX, n));
  const once = join(dir, 'once.wav');
  await run('sox', [...parts, '-r', '16000', '-c', '1', '-b', '16', once]);
  return once;
}

/**
 * `minutes` of speech in a fresh folder: the readings looped, over a faint white noise floor
 * (−60 dBFS) so no two upload chunks are the same bytes (the service's store is content-addressed);
 * 16 kHz mono WAV.
 */
async function speech(dir, once, minutes) {
  const out = join(await freshDir(dir), `speech-${minutes}m.wav`);
  await run('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', once, '-f', 'lavfi', '-i', 'anoisesrc=a=0.001:c=white:r=16000:seed=1',
    '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first:normalize=0', '-t', String(minutes * 60), '-c:a', 'pcm_s16le', '-fflags', '+bitexact', out]);
  return dir;
}

async function pipelineRun(input, out, options) {
  const r = await timed('node', ['bench/pipeline-run.mjs', input, out, JSON.stringify({ engine: 'scripted', ...POLL, ...options })]);
  const parsed = JSON.parse(r.stdout.trim().split('\n').at(-1));
  if (parsed.failureCount > 0) throw new Error(`pipeline failures: ${JSON.stringify(parsed.failures)}`);
  return { ...parsed, command: r.command, maxRssKb: r.maxRssKb };
}

/**
 * Bytes the embedded service stored and the uploads of the one recording. The store is
 * content-addressed, so two identical uploads would count once: refuse to report that.
 */
async function received(out, source) {
  const audio = join(out, '.dictclip', 'service', 'audio');
  const metas = (await readdir(audio, { recursive: true })).filter((f) => f.endsWith('.json'));
  let bytes = 0;
  for (const f of metas) bytes += JSON.parse(await readFile(join(audio, f), 'utf8')).bytes;
  const saved = JSON.parse(await readFile(join(out, 'markers', `${source}.json`), 'utf8'));
  const uploads = saved.chunks?.length ?? 1;
  if (metas.length !== uploads) throw new Error(`${out}: ${uploads} uploads but ${metas.length} stored audio files`);
  return { bytes, uploads };
}

export default async function upload() {
  const work = await freshDir(join(OUT, 'upload'));
  const hour = SMALL ? 6 : 60;
  const forty = SMALL ? 4 : 40;
  const once = await readings(work);
  const none = join(work, 'none.json');
  await writeFile(none, JSON.stringify({ scripts: [], fallback: 'none' }));
  const rows = [];
  const sizes = {};
  const hourIn = await speech(join(work, 'in-hour'), once, hour);
  for (const format of ['pcm', 'ogg', 'webm', 'mp4']) {
    const out = join(work, `out-hour-${format}`);
    const r = await pipelineRun(hourIn, out, { scriptFile: none, uploadFormat: format });
    sizes[format] = { ...(await received(out, `speech-${hour}m.wav`)), command: r.command };
    const share = format === 'pcm' ? '' : ` (${(sizes[format].bytes / sizes.pcm.bytes).toFixed(3)} of pcm)`;
    rows.push([`${hour} min of speech, ${format}`, `${sizes[format].bytes.toLocaleString('en')} bytes${share}`, String(sizes[format].uploads), (r.wallMs / 1000).toFixed(1)]);
  }
  const ratio = sizes.ogg.bytes / sizes.pcm.bytes;

  const fortyIn = await speech(join(work, 'in-40'), once, forty);
  const r40 = await pipelineRun(fortyIn, join(work, 'out-40-ogg'), { scriptFile: none, uploadFormat: 'ogg' });
  const forty40 = await received(join(work, 'out-40-ogg'), `speech-${forty}m.wav`);
  rows.push([`${forty} min of speech, ogg`, `${forty40.bytes.toLocaleString('en')} bytes`, String(forty40.uploads), (r40.wallMs / 1000).toFixed(1)]);

  // Marker times: one reading per file, a script giving words at fixed times for each duration.
  const short = await freshDir(join(work, 'in-readings'));
  const wavs = (await readdir(LIBRIVOX)).filter((n) => n.endsWith('.wav')).sort();
  const scripts = [];
  for (const [i, name] of wavs.entries()) {
    const file = join(short, name);
    await run('sox', [join(LIBRIVOX, name), '-r', '16000', '-c', '1', '-b', '16', file]);
    const ms = Math.round(Number((await run('soxi', ['-D', file])).stdout) * 1000);
    scripts.push({ match: { durationMs: ms, toleranceMs: 10 }, words: [{ word: `w${i}a`, startMs: 300, endMs: 700 }, { word: `w${i}b`, startMs: ms - 900, endMs: ms - 400 }] });
  }
  const scriptFile = join(work, 'markers.json');
  await writeFile(scriptFile, JSON.stringify({ scripts, fallback: 'none' }));
  const manifests = {};
  for (const format of ['pcm', 'ogg']) {
    await pipelineRun(short, join(work, `out-markers-${format}`), { scriptFile, uploadFormat: format });
    const text = await readFile(join(work, `out-markers-${format}`, 'manifest.csv'), 'utf8');
    manifests[format] = text.trim().split('\n').slice(1).map((l) => l.split(',').slice(1, 5).join(','));
  }
  const identical = manifests.pcm.length > 0 && JSON.stringify(manifests.pcm) === JSON.stringify(manifests.ogg);

  // PocketSphinx word error rate: the same readings dictated by the embedded engine, uploaded as
  // PCM and as Ogg (the service decodes the Ogg), transcripts scored as scripts/demo-wer.mjs does.
  const wer = await importDist('accuracy/wer.js');
  const reference = wer.parseTranscription(await readFile(join(LIBRIVOX, 'transcription'), 'utf8'));
  const rates = {};
  let referenceWords = 0;
  const werCommands = {};
  for (const format of ['pcm', 'ogg']) {
    const out = join(work, `out-wer-${format}`);
    const r = await pipelineRun(short, out, { engine: 'pocketsphinx', uploadFormat: format });
    werCommands[format] = r.command;
    const pairs = await Promise.all(wavs.map(async (name) => ({
      reference: reference.get(name.replace(/\.wav$/, '')) ?? '',
      hypothesis: await readFile(join(out, 'transcripts', `${name}.txt`), 'utf8'),
    })));
    const total = wer.wordErrorRate(pairs);
    rates[format] = total.rate * 100;
    referenceWords = total.referenceWords;
    rows.push([`PocketSphinx WER, ${wavs.length} LibriVox readings uploaded as ${format}`, `${rates[format].toFixed(1)} % (${total.errors} errors / ${total.referenceWords} words)`, String(wavs.length), (r.wallMs / 1000).toFixed(1)]);
  }
  const werDelta = rates.ogg - rates.pcm;
  console.log(`  ogg/pcm bytes ${ratio.toFixed(3)}; ${forty} min ogg: ${forty40.uploads} upload(s); markers identical: ${identical}; WER pcm ${rates.pcm.toFixed(1)} %, ogg ${rates.ogg.toFixed(1)} %`);

  return saveResult('upload', {
    title: 'Compressed uploads (--upload-format)',
    setup: `Speech: the ${wavs.length} LibriVox readings of ${LIBRIVOX} (pocketsphinx-testdata) concatenated with sox and looped with ffmpeg to ${hour} and ${forty} minutes ` +
      'over a faint white noise floor (−60 dBFS, so that no two upload chunks are the same bytes: the service\'s store is content-addressed; 16 kHz mono WAV, one recording each). `runPipeline` (bench/pipeline-run.mjs: embedded service, scripted engine giving no words, default cap of ' +
      '21,000,000 bytes per upload) with each `uploadFormat`; bytes = the sizes of the uploads the service stored, uploads = the chunks in markers/<source>.json. ' +
      'Marker times: each reading as its own recording with a script giving two words at fixed times (matched by duration within 10 ms); the manifests\' ' +
      '(text, source, start_ms, end_ms) compared. WER: the same five readings dictated by the embedded PocketSphinx engine, uploaded as PCM and as Ogg ' +
      '(the service decodes the Ogg to its work WAV), transcripts scored against the package\'s `transcription` file with src/accuracy/wer.ts as ' +
      '`scripts/demo-wer.mjs` does. webm (Opus 24 kbit/s) and mp4 (AAC 32 kbit/s) rows are informative.' + (SMALL ? ' Reduced size (BENCH_SMALL=1).' : ''),
    table: { columns: ['run', 'bytes uploaded / WER', 'uploads', 'wall s'], rows },
    targets: [
      { name: `bytes uploaded for ${hour} min of speech, ogg ÷ pcm`, target: '≤ 0.15', value: ratio.toFixed(3), met: ratio <= 0.15 },
      { name: `uploads for a ${forty}-minute recording with ogg`, target: '1', value: String(forty40.uploads), met: forty40.uploads === 1 },
      { name: 'marker times ogg vs pcm, scripted engine', target: 'identical', value: identical ? `identical (${manifests.pcm.length} clips)` : 'different', met: identical },
      { name: 'PocketSphinx WER, ogg − pcm', target: '≤ +2 points', value: `${werDelta >= 0 ? '+' : ''}${werDelta.toFixed(1)} points (${rates.pcm.toFixed(1)} % → ${rates.ogg.toFixed(1)} %)`, met: werDelta <= 2 },
      { name: `bytes for ${hour} min, webm ÷ pcm`, target: '–', value: (sizes.webm.bytes / sizes.pcm.bytes).toFixed(3) },
      { name: `bytes for ${hour} min, mp4 ÷ pcm`, target: '–', value: (sizes.mp4.bytes / sizes.pcm.bytes).toFixed(3) },
    ],
    notes: [`The WER comparison rests on ${wavs.length} short readings (${referenceWords} words): one word is ${(100 / referenceWords).toFixed(1)} points, so the target allows about one more wrong word.`],
    commands: [
      ...['pcm', 'ogg'].map((f) => `${hour} min, ${f}: \`${sizes[f].command}\``),
      `WER, ogg: \`${werCommands.ogg}\``,
      '`node bench/run.mjs --only upload` (BENCH_SMALL=1 for the reduced size)',
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await upload();
