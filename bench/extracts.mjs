/**
 * Part — extracts: cutting 7,200 word clips from a one-hour 44.1 kHz stereo recording at its own
 * quality (`--clip-source original`: the 16-bit WAV is cut as it is) against the same cut from
 * the 16 kHz mono work audio, and a supercut of the 7,200 clips; wall time and peak RSS, each
 * contender its own child process under /usr/bin/time. BENCH_SMALL=1: 6 minutes, 720 clips.
 */
import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fmt, freshDir, generateWav, OUT, saveResult, timedMedian, wordMarkers } from './lib.mjs';

const SMALL = process.env.BENCH_SMALL === '1';
const SECONDS = SMALL ? 360 : 3600;
const RUNS = SMALL ? 1 : 3;

/** The 16 kHz pattern upsampled to 44.1 kHz stereo (each channel a little different), 16-bit. */
async function stereoWav(mono, seconds) {
  const path = join(OUT, 'audio', `gen-${seconds}s-44k-stereo.wav`);
  const expected = 44 + seconds * 44100 * 4;
  if (!existsSync(path) || (await stat(path)).size !== expected) {
    const { execFile } = await import('node:child_process');
    await new Promise((resolve, reject) => execFile('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', mono,
      '-af', 'aresample=44100,pan=stereo|c0=c0|c1=0.8*c0',
      '-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-map_metadata', '-1', path], (e) => (e ? reject(e) : resolve())));
  }
  return path;
}

export default async function extracts() {
  const work = join(OUT, 'extracts');
  await freshDir(work);
  const wav16 = await generateWav(SECONDS);
  const wav44 = await stereoWav(wav16, SECONDS);
  const clips = wordMarkers(SECONDS * 1000).slice(0, SECONDS * 2);
  const clipsPath = join(work, 'clips.json');
  await writeFile(clipsPath, JSON.stringify(clips));
  const outDir = process.env.BENCH_CLIP_DIR ?? (existsSync('/dev/shm') ? '/dev/shm/dictclip-bench-extracts' : join(work, 'clips'));
  const before = () => freshDir(outDir);
  const rows = [];
  const cut = async (name, wav) => {
    const r = await timedMedian(RUNS, 'node', ['bench/cut-dictclip.mjs', wav, clipsPath, outDir], { before });
    rows.push({ name, ...r });
    console.log(`  ${name.padEnd(40)} ${fmt.s(r.wallS).padStart(7)} s  ${fmt.mb(r.maxRssKb).padStart(5)} MB`);
    return r;
  };
  const work16 = await cut('cut from the 16 kHz mono work audio', wav16);
  const original = await cut('cut from the 44.1 kHz stereo source', wav44);
  // The supercut of the last cut's clips (44.1 kHz stereo) and of 16 kHz clips.
  const supercut = async (name, wav) => {
    await before();
    await timedMedian(1, 'node', ['bench/cut-dictclip.mjs', wav, clipsPath, outDir]);
    await writeFile(join(outDir, 'manifest.csv'), ['file_name,text,source,start_ms,end_ms,duration_ms',
      ...clips.map((c, i) => `${String(i).padStart(5, '0')}.wav,w${i},gen.wav,${c.startMs},${c.endMs},${c.endMs - c.startMs}`)].join('\n') + '\n');
    const r = await timedMedian(RUNS, 'node', ['bench/supercut-run.mjs', outDir, 'reel']);
    rows.push({ name, ...r });
    console.log(`  ${name.padEnd(40)} ${fmt.s(r.wallS).padStart(7)} s  ${fmt.mb(r.maxRssKb).padStart(5)} MB`);
    return r;
  };
  const super16 = await supercut(`supercut of ${clips.length} clips, 16 kHz mono`, wav16);
  const super44 = await supercut(`supercut of ${clips.length} clips, 44.1 kHz stereo`, wav44);
  const timeRatio = original.wallS / work16.wallS;
  const rssRatio = original.maxRssKb / work16.maxRssKb;
  const targets = [
    { name: 'original (44.1 kHz stereo) ÷ work-audio cut, time', target: '≤ 3×', value: fmt.x(timeRatio), met: timeRatio <= 3 },
    { name: 'original ÷ work-audio cut, peak RSS (flat)', target: '≤ 1.2×', value: fmt.x(rssRatio), met: rssRatio <= 1.2 },
    { name: `supercut of ${clips.length} clips (44.1 kHz stereo), peak RSS ÷ 16 kHz mono supercut (flat)`, target: '–', value: fmt.x(super44.maxRssKb / super16.maxRssKb) },
  ];
  for (const t of targets) console.log(`  ${t.name}: ${t.value} (target ${t.target})`);
  return saveResult('extracts', {
    title: `Audio extracts: ${SECONDS / 3600} h recording, ${clips.length.toLocaleString('en')} word clips`,
    setup: `Generated ${SECONDS} s recording: 16 kHz mono s16le (the work audio) and the same upsampled to 44.1 kHz stereo s16le ` +
      `(${(44 + SECONDS * 44100 * 4).toLocaleString('en')} bytes), ${clips.length.toLocaleString('en')} word spans (150–600 ms, gaps 50–200 ms). ` +
      '`--clip-source original` on a 16-bit WAV source cuts the file as it is, so the two cuts are `cutClips` over the same spans from each file. ' +
      `The supercut joins the clips of the previous cut (manifest.csv written untimed) with 500 ms gaps. Clips in ${outDir}. Median of ${RUNS} run(s), each in its own process under \`/usr/bin/time -f '%e %M'\`.`,
    table: { columns: ['contender', 'wall s', 'peak RSS MB', 'runs (s)'], rows: rows.map((r) => [r.name, fmt.s(r.wallS), fmt.mb(r.maxRssKb), (r.runs ?? [r]).map((x) => fmt.s(x.wallS)).join(', ')]) },
    commands: rows.map((r) => `${r.name}: \`${r.command}\``),
    targets,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await extracts();
