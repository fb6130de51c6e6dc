/**
 * Part 1 — cutting: dictclip's cutClips against ffmpeg per clip, sox trim per clip, pydub and
 * the raw-write limit, on a generated 1-hour recording with 7,200 word markers (2 per second),
 * plus a 3-hour run to show whether peak memory stays flat. Each contender runs in its own child
 * process under /usr/bin/time (wall seconds, peak RSS).
 */
import { existsSync } from 'node:fs';
import { open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fmt, freshDir, generateWav, importDist, interleaved, OUT, saveResult, sync, timed, timedMedian, wordMarkers } from './lib.mjs';

const SOX_SAMPLE = 300;
const FFMPEG_SAMPLE = 100;
const RUNS = 3;

/** Every k-th clip so the sample spreads over the whole recording. */
function sample(clips, n) {
  return Array.from({ length: Math.min(n, clips.length) }, (_, k) => ({
    i: Math.floor((k * clips.length) / n),
    ...clips[Math.floor((k * clips.length) / n)],
  }));
}

const sec = (samples) => (samples / 16000).toFixed(4);

async function perClipScript(name, wav, picked, dir) {
  const lines = picked.map(({ i, startMs, endMs }) => {
    const s0 = Math.round(startMs * 16);
    const s1 = Math.round(endMs * 16);
    const out = join(dir, `${String(i).padStart(5, '0')}.wav`);
    return name === 'sox'
      ? `sox ${wav} ${out} trim ${s0}s ${s1 - s0}s`
      : `ffmpeg -nostdin -v error -y -ss ${sec(s0)} -t ${sec(s1 - s0)} -i ${wav} ${out}`;
  });
  const path = join(OUT, 'cutting', `${name}-per-clip.sh`);
  await writeFile(path, `set -e\n${lines.join('\n')}\n`);
  return { path, example: lines[0].replaceAll(OUT + '/', 'bench/out/') };
}

async function dirBytes(dir) {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

/** Compare the PCM of a few cut clips with the source bytes (fadeMs 0 must be a plain copy). */
async function verify(wav, clips, dir) {
  const fh = await open(wav, 'r');
  try {
    for (const i of [0, clips.length >> 1, clips.length - 1]) {
      const { startMs, endMs } = clips[i];
      const s0 = Math.round(startMs * 16);
      const bytes = 2 * (Math.round(endMs * 16) - s0);
      const expected = Buffer.alloc(bytes);
      await fh.read(expected, 0, bytes, 44 + 2 * s0);
      const clipFh = await open(join(dir, `${String(i).padStart(5, '0')}.wav`), 'r');
      const { size } = await clipFh.stat();
      const actual = Buffer.alloc(bytes);
      await clipFh.read(actual, 0, bytes, size - bytes);
      await clipFh.close();
      if (!actual.equals(expected)) return `clip ${i}: PCM differs from the source`;
    }
    return 'ok (3 clips byte-identical to the source PCM)';
  } finally {
    await fh.close();
  }
}

export default async function cutting() {
  const work = join(OUT, 'cutting');
  await freshDir(work);
  const inputs = {};
  for (const hours of [1, 3]) {
    const wav = await generateWav(hours * 3600);
    const clips = wordMarkers(hours * 3600_000, hours).slice(0, hours * 7200);
    const clipsPath = join(work, `clips-${hours}h.json`);
    await writeFile(clipsPath, JSON.stringify(clips));
    inputs[hours] = { wav, clips, clipsPath };
  }
  // The 3-hour recording with every third marker: as many clips as the 1-hour run.
  const sparse = inputs[3].clips.filter((_, i) => i % 3 === 0);
  const sparsePath = join(work, 'clips-3h-every-third.json');
  await writeFile(sparsePath, JSON.stringify(sparse));
  const { wav, clips, clipsPath } = inputs[1];
  // Clips go to tmpfs when there is one: the shared VM disk adds seconds of noise per run that
  // belong to neither contender (BENCH_CLIP_DIR overrides).
  const outDir = process.env.BENCH_CLIP_DIR ?? (existsSync('/dev/shm') ? '/dev/shm/dictclip-bench-clips' : join(work, 'clips'));
  const fresh = () => freshDir(outDir);
  const rows = [];
  const add = (row) => {
    rows.push(row);
    console.log(`  ${row.name.padEnd(24)} ${fmt.s(row.wallS).padStart(7)} s  ${fmt.mb(row.maxRssKb).padStart(5)} MB  (${row.clips} clips${row.sampled ? `, ${row.sampled} measured` : ''})`);
  };

  const audio = (await importDist('audio/index.js')) ?? (await importDist('audio/cut.js'));
  const haveCutter = audio?.cutClips !== undefined;
  const before = async () => { await fresh(); await sync(); };
  const contenders = [
    { name: 'raw write (limit)', cmd: 'node', args: ['bench/cut-raw.mjs', clipsPath, outDir], before },
    { name: 'raw write, 16 in flight', cmd: 'node', args: ['bench/cut-raw.mjs', clipsPath, outDir, '16'], before },
    ...(haveCutter ? [{ name: 'dictclip cutClips', cmd: 'node', args: ['bench/cut-dictclip.mjs', wav, clipsPath, outDir], before }] : []),
    { name: 'pydub', cmd: '/usr/bin/python3', args: ['bench/cut-pydub.py', wav, clipsPath, outDir], before },
  ];
  const measured = await interleaved(RUNS, contenders);
  for (const [name, r] of measured) add({ name, hours: 1, clips: clips.length, ...r });
  const raw = measured.get('raw write (limit)');
  const raw16 = measured.get('raw write, 16 in flight');
  const dictclip = measured.get('dictclip cutClips');
  const pydub = measured.get('pydub');
  let check = 'cutClips not built';
  if (haveCutter) {
    await fresh();
    await timed('node', ['bench/cut-dictclip.mjs', wav, clipsPath, outDir]);
    const bytes = await dirBytes(outDir);
    const same = await verify(wav, clips, outDir);
    await fresh();
    await timed('node', ['bench/cut-raw.mjs', clipsPath, outDir]);
    const rawBytes = await dirBytes(outDir);
    check = `${same}; ${bytes} bytes written vs ${rawBytes} by raw write`;
  }

  const perClip = {};
  for (const [name, n] of [['sox', SOX_SAMPLE], ['ffmpeg', FFMPEG_SAMPLE]]) {
    await fresh();
    const script = await perClipScript(name, wav, sample(clips, n), outDir);
    const runs = name === 'sox' ? RUNS : 1;
    const r = await timedMedian(runs, 'sh', [script.path], { before: async () => { await fresh(); await sync(); } });
    const wallS = (r.wallS * clips.length) / n;
    perClip[name] = wallS;
    add({ name: `${name} per clip`, hours: 1, clips: clips.length, sampled: n, measuredS: r.wallS, ...r, wallS, example: script.example, extrapolated: true });
  }

  // Flatness: 3 hours (21,566 clips) for dictclip, the raw limit and pydub.
  const big = inputs[3];
  const big3 = {};
  for (const [name, cmd, args] of [
    ['raw write (limit)', 'node', ['bench/cut-raw.mjs', big.clipsPath, outDir]],
    ...(dictclip ? [['dictclip cutClips', 'node', ['bench/cut-dictclip.mjs', big.wav, big.clipsPath, outDir]]] : []),
    ...(dictclip ? [['dictclip cutClips, every 3rd marker', 'node', ['bench/cut-dictclip.mjs', big.wav, sparsePath, outDir]]] : []),
    ['pydub', '/usr/bin/python3', ['bench/cut-pydub.py', big.wav, big.clipsPath, outDir]],
  ]) {
    await fresh();
    await sync();
    const r = await timed(cmd, args);
    big3[name] = r;
    add({ name, hours: 3, clips: name.includes('every') ? sparse.length : big.clips.length, ...r });
  }
  await rm(outDir, { recursive: true, force: true });

  const ratio = (a, b) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
  const d = dictclip?.wallS;
  const rssGrowth = dictclip ? big3['dictclip cutClips'].maxRssKb / dictclip.maxRssKb : undefined;
  const rssSparse = dictclip ? big3['dictclip cutClips, every 3rd marker'].maxRssKb / dictclip.maxRssKb : undefined;
  const targets = [
    { name: 'dictclip ÷ raw-write limit (time)', target: '≤ 1.5×', value: ratio(d, raw.wallS), met: d === undefined ? undefined : d / raw.wallS <= 1.5 },
    { name: 'dictclip ÷ raw writer with 16 files in flight (time)', target: '≤ 1.0×', value: ratio(d, raw16?.wallS), met: d === undefined || raw16 === undefined ? undefined : d / raw16.wallS <= 1.0 },
    { name: 'dictclip peak RSS, 3 h ÷ 1 h (same 7,200 clips)', target: '≤ 1.2× (flat)', value: rssSparse, met: rssSparse === undefined ? undefined : rssSparse <= 1.2 },
    { name: 'dictclip peak RSS, 3 h (21,566 clips) ÷ 1 h (7,200 clips)', target: '≤ 1.2× (flat)', value: rssGrowth, met: rssGrowth === undefined ? undefined : rssGrowth <= 1.2 },
    { name: 'sox per clip ÷ dictclip (time)', target: '≥ 20×', value: ratio(perClip.sox, d), met: d === undefined ? undefined : perClip.sox / d >= 20 },
    { name: 'ffmpeg per clip ÷ dictclip (time)', target: '≥ 100×', value: ratio(perClip.ffmpeg, d), met: d === undefined ? undefined : perClip.ffmpeg / d >= 100 },
    { name: 'pydub ÷ dictclip (time, informative)', target: '–', value: ratio(pydub.wallS, d) },
  ];
  for (const t of targets) console.log(`  ${t.name}: ${fmt.x(t.value)} (target ${t.target}) ${t.met === undefined ? '' : t.met ? 'MET' : 'MISSED'}`);
  const rawS = raw.wallS;
  return saveResult('cutting', {
    title: 'Cutting: 1-hour recording, 7,200 word clips',
    setup:
      `Generated 16 kHz mono s16le WAV: 1 h = ${(44 + 3600 * 32000).toLocaleString('en')} bytes, ${clips.length.toLocaleString('en')} scripted word markers ` +
      `(words 150–600 ms, gaps 50–200 ms); 3 h = ${(44 + 10800 * 32000).toLocaleString('en')} bytes, ${big.clips.length.toLocaleString('en')} markers. ` +
      `Clips are written to ${outDir.startsWith('/dev/shm') ? 'tmpfs (/dev/shm) to keep the shared VM disk out of the comparison' : outDir}. Each contender is its own child process under \`/usr/bin/time -f '%e %M'\` (wall s, peak RSS); output folder emptied and \`sync\` run (untimed) before each run. ` +
      `raw write, dictclip and pydub: median of ${RUNS} runs, run round-robin so machine load hits them alike. ` +
      `sox: ${SOX_SAMPLE} clips measured (median of ${RUNS}), ffmpeg: ${FFMPEG_SAMPLE} clips measured (1 run), both spread evenly over the hour and extrapolated ×${(clips.length / SOX_SAMPLE).toFixed(0)} / ×${(clips.length / FFMPEG_SAMPLE).toFixed(0)}. ` +
      `Output check: ${check}.`,
    table: {
      columns: ['contender', 'recording', 'clips', 'wall s', '× raw limit', 'peak RSS MB', 'runs (s)'],
      rows: rows.map((r) => [
        r.name,
        `${r.hours} h`,
        r.sampled ? `${r.clips} (${r.sampled} measured, extrapolated from ${fmt.s(r.measuredS)} s)` : String(r.clips),
        fmt.s(r.wallS),
        r.hours === 1 ? fmt.x(r.wallS / rawS) : r.name.includes('every') ? '–' : fmt.x(r.wallS / big3['raw write (limit)'].wallS),
        fmt.mb(r.maxRssKb),
        (r.runs ?? [r]).map((x) => fmt.s(x.wallS)).join(', '),
      ]),
    },
    notes:
      d === undefined
        ? []
        : [
            `Per clip: sox ${fmt.s((perClip.sox / clips.length) * 1000)} ms (one process start each), dictclip ${fmt.s((d / clips.length) * 1000)} ms, ` +
              `raw-write limit ${fmt.s((rawS / clips.length) * 1000)} ms. dictclip already runs at ${fmt.x(d / rawS)} the raw-write limit, so the sox ratio is bounded by ` +
              `sox's own process cost: even at the raw-write limit it would be ${fmt.x(perClip.sox / rawS)}; it moves with machine load (a lightly loaded machine starts sox faster).`,
            `Peak RSS with the clip count: dictclip ${fmt.mb(dictclip.maxRssKb)} → ${fmt.mb(big3['dictclip cutClips'].maxRssKb)} MB for 7,200 → 21,566 clips; the harness itself holds the ` +
              'parsed clip list and one request object (with its output path) per clip, and the raw-write process that only holds the list grows ' +
              `${fmt.mb(raw.maxRssKb)} → ${fmt.mb(big3['raw write (limit)'].maxRssKb)} MB. With the same 7,200 clips spread over 3 h the cutter stays flat (row above).`,
          ],
    commands: rows.map(
      (r) => `${r.name} (${r.hours} h, ${r.clips} clips): \`${r.command}\`${r.example ? ` — each line like \`${r.example}\`` : ''}`,
    ),
    targets: targets.map((t) => ({ ...t, value: fmt.x(t.value) })),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await cutting();
