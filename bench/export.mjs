/**
 * Part — export: `dictclip export` of a synthetic run output of CLIPS tiny clips (100 recordings,
 * 80/10/10 splits by recording) to every format, each the real binary under /usr/bin/time (wall
 * time, peak RSS), against copying the clip files alone (`cp -r clips`) and hard-linking them
 * (`cp -al clips`), in 3 rounds (medians). Goals: each format within 3× the copy time, peak RSS ≤ 200 MB.
 * BENCH_SMALL=1 runs 5,000 clips instead of 100,000 (a quick proof that the part works).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { distPath, fmt, freshDir, importDist, monoWav, OUT, saveResult, timed } from './lib.mjs';

const CLIPS = process.env.BENCH_SMALL === '1' ? 5_000 : 100_000;
const RECORDINGS = 100;
const CLIP_MS = 50;
const FORMATS = ['hf', 'nemo', 'ljspeech', 'kaldi', 'lhotse', 'webdataset'];
const mb = (kb) => kb / 1024;
const ROUNDS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The median wall time and the median peak RSS of some runs of one command. */
const medianRun = (list) => ({ wallS: median(list.map((r) => r.wallS)), maxRssKb: median(list.map((r) => r.maxRssKb)) });

/** A run output as `dictclip run` writes it: manifest.csv, summary.json, clips/, markers/, and the sources. */
async function syntheticRun(dir) {
  const { writeDictationFiles } = await importDist('run-output/markers-file.js');
  await freshDir(dir);
  const input = join(dir, 'in');
  const run = join(dir, 'run');
  await mkdir(input, { recursive: true });
  const perRecording = Math.ceil(CLIPS / RECORDINGS);
  const clip = monoWav(Buffer.alloc((CLIP_MS * 16) * 2, 1));
  const rows = ['file_name,text,source,start_ms,end_ms,duration_ms,kind,method,dictation_id,text_start,text_length,flags'];
  let made = 0;
  for (let r = 0; r < RECORDINGS && made < CLIPS; r++) {
    const source = `speaker${String(r).padStart(3, '0')}.wav`;
    const key = `speaker${String(r).padStart(3, '0')}-0000${String(r).padStart(4, '0')}`;
    const count = Math.min(perRecording, CLIPS - made);
    await writeFile(join(input, source), monoWav(Buffer.alloc(count * 100 * 32)));
    await mkdir(join(run, 'clips', key), { recursive: true });
    const markers = [];
    let transcript = '';
    for (let i = 0; i < count; i++) {
      const word = `word${i}`;
      const start = i * 100;
      const name = `clips/${key}/${String(i).padStart(5, '0')}_${word}.wav`;
      await writeFile(join(run, name), clip);
      markers.push({ text: word, textStart: transcript.length, textLength: word.length, startMs: start, endMs: start + CLIP_MS });
      rows.push(`${name},${word},${source},${start},${start + CLIP_MS},${CLIP_MS},word,new,d${r},${transcript.length},${word.length},`);
      transcript += `${word} `;
    }
    // markers/ and transcripts/ as the run writes them (the module that owns the files).
    await writeDictationFiles(run, source, { method: 'new', dictationIds: [`d${r}`], result: { transcript, markers, collapsed: false, warnings: [] } });
    made += count;
  }
  await writeFile(join(run, 'manifest.csv'), `${rows.join('\n')}\n`);
  await writeFile(join(run, 'summary.json'), JSON.stringify({ recordings: RECORDINGS, clips: CLIPS, inputDir: input }));
  return run;
}

export default async function exportBench() {
  const work = join(OUT, 'export');
  console.log(`  generating a run output of ${CLIPS} clips …`);
  const run = await syntheticRun(work);
  const target = join(work, 'target');
  // ROUNDS rounds, each the two copies then every format; every figure is the median of its rounds
  // (one run each made the ratio follow the noise of a single `cp -r`: 5.16 s then 3.26 s).
  const runs = { copy: [], hardLink: [], ...Object.fromEntries(FORMATS.map((f) => [f, []])) };
  // Every timed command starts after `sync` (untimed): without it one `cp -r` of the same clips took
  // 3.3, 13.2 and 35.7 s, flushing the dirty pages the commands before it had left.
  const settled = (command, args) => {
    execFileSync('sync');
    return timed(command, args);
  };
  for (let round = 1; round <= ROUNDS; round++) {
    runs.copy.push(await settled('cp', ['-r', join(run, 'clips'), target]));
    await rm(target, { recursive: true, force: true });
    runs.hardLink.push(await settled('cp', ['-al', join(run, 'clips'), target]));
    await rm(target, { recursive: true, force: true });
    console.log(`  round ${round}: copy ${runs.copy.at(-1).wallS} s, hard links ${runs.hardLink.at(-1).wallS} s`);
    for (const format of FORMATS) {
      const r = await settled('node', [distPath('cli/index.js'), 'export', run, '--format', format, '--to', join(work, 'exports', format),
        '--split', 'train=80,dev=10,test=10', '--seed', '1']);
      runs[format].push(r);
      console.log(`  round ${round}: ${format}: ${r.wallS} s, ${mb(r.maxRssKb).toFixed(0)} MB`);
      await rm(join(work, 'exports', format), { recursive: true, force: true });
    }
  }
  const copy = medianRun(runs.copy);
  const hardLink = medianRun(runs.hardLink);
  const rows = FORMATS.map((format) => {
    const r = medianRun(runs[format]);
    return { format, ...r, ratio: r.wallS / copy.wallS, walls: runs[format].map((x) => x.wallS) };
  });
  for (const r of rows) console.log(`  ${r.format}: median ${r.wallS} s (${fmt.s(r.ratio)}× copy), ${mb(r.maxRssKb).toFixed(0)} MB`);
  const worstRatio = Math.max(...rows.map((r) => r.ratio));
  const worstRss = Math.max(...rows.map((r) => mb(r.maxRssKb)));
  return saveResult('export', {
    title: `Dataset export (${CLIPS.toLocaleString('en')} clips)`,
    setup: `A synthetic run output (bench/export.mjs): ${CLIPS.toLocaleString('en')} clips of ${CLIP_MS} ms (16 kHz mono WAV, ` +
      `${monoWav(Buffer.alloc(CLIP_MS * 32)).length} bytes each) from ${RECORDINGS} recordings, with manifest.csv, summary.json, markers/ and the ` +
      'source recordings (for Kaldi\'s checks). Each format is `node dist/cli/index.js export <run> --format <f> --split train=80,dev=10,test=10 ' +
      `--seed 1\` under \`/usr/bin/time -f '%e %M'\`, ${ROUNDS} rounds (each the two copies, then every format; medians of wall time and of peak RSS), each after an untimed \`sync\`, on the same filesystem (hard links possible). The baselines copy the ` +
      'clip files alone: `cp -r clips` and `cp -al clips` (hard links).' + (CLIPS < 100_000 ? ' **Reduced size (BENCH_SMALL=1).**' : ''),
    table: {
      columns: ['format', 'wall s (median)', 'runs s', '× copy time', 'peak RSS MB (median)'],
      rows: [
        ['cp -r clips (baseline)', fmt.s(copy.wallS), runs.copy.map((r) => r.wallS).join(', '), '1.00', fmt.s(mb(copy.maxRssKb))],
        ['cp -al clips (hard links)', fmt.s(hardLink.wallS), runs.hardLink.map((r) => r.wallS).join(', '), fmt.s(hardLink.wallS / copy.wallS), fmt.s(mb(hardLink.maxRssKb))],
        ...rows.map((r) => [r.format, fmt.s(r.wallS), r.walls.join(', '), fmt.s(r.ratio), fmt.s(mb(r.maxRssKb))]),
      ],
    },
    targets: [
      { name: 'slowest format ÷ copying the clips', target: '≤ 3', value: `${fmt.s(worstRatio)} (${rows.find((r) => r.ratio === worstRatio)?.format})`, met: worstRatio <= 3 },
      { name: 'peak RSS of any format', target: '≤ 200 MB', value: `${worstRss.toFixed(0)} MB`, met: worstRss <= 200 },
    ],
    notes: [
      'hf, nemo, ljspeech and lhotse hard-link the clips into the export; webdataset copies their bytes into tar shards; kaldi writes only text files (wav.scp decodes the sources) and sorts them with `LC_ALL=C sort`, whose own memory is not in the node figure.',
    ],
    commands: [`BENCH_SMALL=1 node bench/run.mjs --only export (reduced) / node bench/run.mjs --only export (${CLIPS.toLocaleString('en')} clips)`],
  });
}
