/**
 * `dictclip export` end to end on a real run output (fixture.ts), every format read back with
 * the independent readers of readers.ts (Kaldi's export and its wav.scp pipes run processes), the
 * run's flags and confidence, and `run --export`; the options and refusals that need no real run
 * are in export.test.ts.
 */
import { createHash } from 'node:crypto';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { exportDataset } from '../../src/index.js';
import type { ExportFormat, ExportOptions } from '../../src/index.js';
import { fakeIo } from '../cli/fake-io.js';
import { listFiles, makeBursts, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { makeRun, RECORDINGS } from './fixture.js';
import { readHf, readKaldi, readLhotse, readLjspeech, readNemo, readWebDataset, runPipeEntry, wavFacts } from './readers.js';
import type { ReadSplits } from './readers.js';

let root: string;
let runDir: string;
let inputDir: string;
interface Row { file_name: string; text: string; source: string; start_ms: string; end_ms: string; duration_ms: string; flags: string }
let rows: Row[];
const SPLIT = 'train=50,dev=25,test=25';

beforeAll(async () => {
  root = await tempDir('export');
  ({ runDir, inputDir } = await makeRun(root));
  rows = parse(await readFile(path.join(runDir, 'manifest.csv')), { columns: true }) as Row[];
}, 120_000);

afterAll(removeTempDirs);

async function treeHash(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const rel of await listFiles(dir)) hashes.set(rel, createHash('sha256').update(await readFile(path.join(dir, rel))).digest('hex'));
  return hashes;
}

/** source → split name (dev for HF's validation) of every clip; fails when a source spans two splits. */
function sourceSplits(splits: ReadSplits, sourceOf: (clip: ReadSplits[string][number]) => string = (c) => c.source): Map<string, string> {
  const map = new Map<string, string>();
  for (const [split, clips] of Object.entries(splits)) {
    const name = split === 'validation' ? 'dev' : split;
    for (const clip of clips) {
      const source = sourceOf(clip);
      expect(map.get(source) ?? name, `${source} is in two splits`).toBe(name);
      map.set(source, name);
    }
  }
  return map;
}

/** The manifest's clips as sorted `source|text|seconds` lines. */
function manifestClips(): string[] {
  return rows.map((r) => `${r.source}|${r.text}|${Number(r.duration_ms) / 1000}`).sort();
}

function readClips(splits: ReadSplits, sourceOf: (c: ReadSplits[string][number]) => string = (c) => c.source): string[] {
  return Object.values(splits).flat().map((c) => `${sourceOf(c)}|${c.text}|${Math.round(c.seconds * 1000) / 1000}`).sort();
}

const SPLIT_WARNING = 'warning: the splits came out 56/18.9/25.2 % of the audio (train/dev/test), not the requested 50/25/25: only 4 groups (--group-by dir), and a group never spans two splits. Fix: more recordings, or finer groups (--group-by source, or a regex naming smaller groups).\n';

describe('dictclip export, every format read back', () => {
  const exported = new Map<ExportFormat, string>();

  beforeAll(async () => {
    for (const format of ['hf', 'nemo', 'ljspeech', 'kaldi', 'lhotse', 'webdataset'] as const) {
      const io = fakeIo({ cwd: root });
      const code = await main(['export', 'out', '--format', format, '--split', SPLIT, '--group-by', 'dir', '--seed', '5', '--shard-size', '2'], io.io);
      expect(io.stderr()).toBe(SPLIT_WARNING); // 4 speaker groups cannot make 50/25/25
      expect(code).toBe(0);
      expect(io.stdout()).toContain(`export ${format}: ${path.join(runDir, 'exports', format)}`);
      exported.set(format, path.join(runDir, 'exports', format));
    }
  }, 120_000);

  it('writes splits.csv: every speaker folder in one split, all three splits used, the same in every format', async () => {
    const csvs = await Promise.all([...exported.values()].map((dir) => readFile(path.join(dir, 'splits.csv'), 'utf8')));
    expect(new Set(csvs).size).toBe(1);
    const groups = parse(csvs[0]!, { columns: true }) as { group: string; split: string; clips: string; duration_ms: string }[];
    expect(groups.map((g) => g.group)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(new Set(groups.map((g) => g.split))).toEqual(new Set(['train', 'dev', 'test']));
    expect(groups.map((g) => Number(g.clips))).toEqual([2, 3, 2, 2]);
    expect(groups.map((g) => Number(g.duration_ms))).toEqual([800, 980, 800, 600]);
  });

  it('every format holds exactly the manifest clips, group-atomic, in the splits of splits.csv', async () => {
    const groups = parse(await readFile(path.join(exported.get('hf')!, 'splits.csv')), { columns: true }) as { group: string; split: string }[];
    const expected = new Map(RECORDINGS.map((r) => [r.source, groups.find((g) => r.source.startsWith(`${g.group}/`))!.split]));
    const idSource = new Map<string, string>();
    const hf = readHf(exported.get('hf')!);
    for (const clip of Object.values(hf).flat()) idSource.set(clip.id, clip.source);
    const kaldi = readKaldi(exported.get('kaldi')!);
    const recSource = new Map([...kaldi.wavScp].map(([rec, entry]) => [rec, path.relative(inputDir, /-i '([^']+)'/.exec(entry)![1]!)]));
    const formats: [string, ReadSplits, ((c: ReadSplits[string][number]) => string)?][] = [
      ['hf', hf],
      ['nemo', readNemo(exported.get('nemo')!)],
      ['ljspeech', readLjspeech(exported.get('ljspeech')!, idSource)],
      ['kaldi', kaldi.splits, (c) => recSource.get(c.source)!],
      ['lhotse', readLhotse(exported.get('lhotse')!).splits],
      ['webdataset', await readWebDataset(exported.get('webdataset')!, 2)],
    ];
    for (const [name, splits, sourceOf] of formats) {
      expect(readClips(splits, sourceOf), name).toEqual(manifestClips());
      expect(sourceSplits(splits, sourceOf), name).toEqual(expected);
    }
    expect(Object.keys(hf).sort()).toEqual(['test', 'train', 'validation']);
  });

  it('kaldi: segments are the manifest spans, and wav.scp pipes give 16 kHz mono WAV of each whole recording', () => {
    const kaldi = readKaldi(exported.get('kaldi')!);
    expect(kaldi.wavScp.size).toBe(4);
    const spans = [...kaldi.segments.values()].map(([, s, e]) => `${s}-${e}`).sort();
    expect(spans).toEqual(rows.map((r) => `${Number(r.start_ms) / 1000}-${Number(r.end_ms) / 1000}`).sort());
    for (const [rec, entry] of kaldi.wavScp) {
      const facts = wavFacts(runPipeEntry(entry));
      const recording = RECORDINGS.find((r) => entry.includes(`/${r.source}'`))!;
      expect([rec, facts.rate, facts.channels, facts.samples]).toEqual([rec, 16000, 1, recording.seconds * 16000]);
    }
  });

  it('lhotse: each supervision aligns its word with symbol, start and duration in seconds', () => {
    const { supervisions } = readLhotse(exported.get('lhotse')!);
    const byText = new Map(supervisions.map((s) => [s.text, s]));
    expect(byText.get('world')?.alignment).toEqual({ word: [{ symbol: 'world', start: 0, duration: 0.4 }] });
    expect(byText.get('beta')?.alignment).toEqual({ word: [{ symbol: 'beta', start: 0, duration: 0.28 }] });
    expect(supervisions.every((s) => s.alignment?.word.length === 1)).toBe(true);
  });

  it('webdataset: --shard-size 2 gives shards of at most two samples', async () => {
    const dir = exported.get('webdataset')!;
    const shards = (await listFiles(dir)).filter((f) => f.endsWith('.tar'));
    const bySplit = parse(await readFile(path.join(dir, 'splits.csv')), { columns: true }) as { split: string; clips: string }[];
    const expected = ['train', 'dev', 'test'].flatMap((split) => {
      const clips = bySplit.filter((g) => g.split === split).reduce((n, g) => n + Number(g.clips), 0);
      return Array.from({ length: Math.ceil(clips / 2) }, (_, i) => `${split}/shard-${String(i).padStart(6, '0')}.tar`);
    });
    expect(shards.sort()).toEqual(expected.sort());
  });

  it('gives byte-identical exports when run again, replacing the old one and leaving no temp folder', async () => {
    for (const [format, dir] of exported) {
      const before = await treeHash(dir);
      await exportDataset({ runDir, format, split: SPLIT, groupBy: 'dir', seed: 5, shardSize: 2 });
      expect(await treeHash(dir), format).toEqual(before);
    }
    expect((await readdir(path.join(runDir, 'exports'))).sort()).toEqual(['hf', 'kaldi', 'lhotse', 'ljspeech', 'nemo', 'webdataset']);
  }, 60_000);
});

describe('export options', () => {
  it('kaldi: refuses an --input-dir without the run\'s source recordings (E_CONFIG, nothing written)', async () => {
    const empty = await tempDir('export-no-sources');
    const to = path.join(root, 'kaldi-no-sources');
    const refusal = await exportDataset({ runDir, format: 'kaldi', inputDir: empty, to }).then(() => undefined, (error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'E_CONFIG', context: { key: 'inputDir', path: path.join(empty, rows[0]!.source) } });
    expect((await readdir(root)).filter((name) => name.includes('kaldi-no-sources'))).toEqual([]);
  });

  it('filters by duration and leaves flagged clips out with --exclude-flagged', async () => {
    const copy = path.join(root, 'flagged-run');
    await cp(runDir, copy, { recursive: true });
    // Only gamma flagged.
    const rows = parse(await readFile(path.join(copy, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    for (const row of rows) row['flags'] = row['text'] === 'gamma' ? 'long-word rate-outlier' : '';
    await writeFile(path.join(copy, 'manifest.csv'), stringify(rows, { header: true }));
    const flagged = await exportDataset({ runDir: copy, format: 'nemo', excludeFlagged: true });
    expect(flagged.dropped).toEqual({ clips: 1, ms: 400 });
    const texts = readNemo(flagged.to)['train']!.map((c) => c.text);
    expect(texts).not.toContain('gamma');
    expect(texts).toHaveLength(8);
    // alpha 300, beta 280, yes 300, no 300 ms are under 350 ms.
    const short = await exportDataset({ runDir: copy, format: 'nemo', minDurationMs: 350 });
    expect(short.dropped).toEqual({ clips: 4, ms: 1180 });
    expect(readNemo(short.to)['train']!.map((c) => c.text).sort()).toEqual(['Hello', 'One', 'gamma', 'two', 'world']);
    expect(short.droppedBy).toEqual({ duration: 4 });
  });

  it('leaves out clips by confidence and by each flag on its own, counting every reason', async () => {
    const copy = path.join(root, 'confidence-run');
    await cp(runDir, copy, { recursive: true });
    const rows = parse(await readFile(path.join(copy, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const set: Record<string, [string, string]> = {
      Hello: ['0.95', ''], world: ['0.42', 'low-confidence'], Alpha: ['0.5', 'cut-edge'], beta: ['0.1', 'unaligned low-confidence'], gamma: ['', 'long-word'],
    };
    for (const row of rows) [row['confidence'], row['flags']] = set[row['text'] ?? ''] ?? ['0.8', ''];
    await writeFile(path.join(copy, 'manifest.csv'), stringify(rows, { header: true }));
    const kept = async (options: Partial<ExportOptions>): Promise<{ texts: string[]; droppedBy: Record<string, number> }> => {
      const result = await exportDataset({ runDir: copy, format: 'nemo', ...options });
      return { texts: readNemo(result.to)['train']!.map((c) => c.text).sort(), droppedBy: result.droppedBy };
    };
    // At least 0.5: world and beta are below, gamma's confidence is unknown.
    expect(await kept({ minConfidence: 0.5 })).toEqual({ texts: ['Alpha', 'Hello', 'One', 'Yes', 'no', 'two'], droppedBy: { 'min-confidence': 3 } });
    expect(await kept({ excludeFlags: ['low-confidence', 'unaligned'] })).toEqual({
      texts: ['Alpha', 'Hello', 'One', 'Yes', 'gamma', 'no', 'two'], droppedBy: { 'low-confidence': 2, unaligned: 1 },
    });
    expect(await kept({ excludeFlags: ['cut-edge'], minConfidence: 0.4 })).toEqual({
      texts: ['Hello', 'One', 'Yes', 'no', 'two', 'world'], droppedBy: { 'min-confidence': 2, 'cut-edge': 1 },
    });
    expect(await kept({ excludeFlagged: true })).toEqual({ texts: ['Hello', 'One', 'Yes', 'no', 'two'], droppedBy: { flagged: 4 } });
    await expect(exportDataset({ runDir: copy, format: 'nemo', excludeFlags: ['loud-edge'] })).rejects.toMatchObject({ code: 'E_CONFIG', message: expect.stringContaining('unknown flag "loud-edge"') });
    await expect(exportDataset({ runDir: copy, format: 'nemo', minConfidence: 1.5 })).rejects.toMatchObject({ code: 'E_CONFIG' });
  });
});

describe('dictclip run --export', () => {
  it('exports after the run into <out>/exports/<format>', async () => {
    const io = fakeIo({ cwd: root });
    const code = await main(['run', 'in', '--out', 'out-run', '--engine', 'scripted', '--script-file', 'script.json', '--quiet',
      '--export', 'hf,kaldi', '--split', SPLIT, '--group-by', 'dir', '--seed', '5'], io.io);
    expect(io.stderr()).toBe(SPLIT_WARNING.repeat(2)); // one per format
    expect(code).toBe(0);
    const dir = path.join(root, 'out-run', 'exports');
    expect((await readdir(dir)).sort()).toEqual(['hf', 'kaldi']);
    expect(await readFile(path.join(dir, 'hf', 'splits.csv'), 'utf8')).toBe(await readFile(path.join(runDir, 'exports', 'hf', 'splits.csv'), 'utf8'));
    expect(readClips(readHf(path.join(dir, 'hf')))).toEqual(manifestClips());
  }, 60_000);
});

describe('original-quality clips (--clip-source original)', () => {
  it('nemo durations and lhotse sample counts follow each clip\'s own rate and channels', async () => {
    const dir = await tempDir('export-original');
    const input = path.join(dir, 'in');
    await makeBursts(path.join(input, 'stereo.wav'), [[0.3, 0.7], [1.0, 1.45]], { seconds: 2, rate: 44_100, channels: 2 });
    const scriptFile = path.join(dir, 'script.json');
    await writeFile(scriptFile, JSON.stringify({ fallback: 'none', scripts: [{ match: {}, words: [{ word: 'left', startMs: 300, endMs: 700 }, { word: 'right', startMs: 1000, endMs: 1450 }] }] }));
    const out = path.join(dir, 'out');
    const result = await runPipeline(runOptions(input, out, { scriptFile, clipSource: 'original' }));
    expect(result.failures).toEqual([]);
    const nemo = readNemo((await exportDataset({ runDir: out, format: 'nemo' })).to)['train']!;
    // round(ms × 44100 / 1000) frames: 700 ms → 30870 − 13230 = 17640; 1450 ms → 63945 − 44100 = 19845.
    expect(nemo.map((c) => [c.text, c.seconds])).toEqual([['Left', 17_640 / 44_100], ['right', 19_845 / 44_100]]);
    const lhotse = readLhotse((await exportDataset({ runDir: out, format: 'lhotse' })).to);
    const recordings = lhotse.splits['train']!.map((c) => wavFacts(readFileSync(c.file!)));
    expect(recordings).toEqual([{ rate: 44_100, channels: 2, samples: 17_640 }, { rate: 44_100, channels: 2, samples: 19_845 }]);
  }, 60_000);
});
