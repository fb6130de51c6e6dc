/**
 * `dictclip merge <shard-out>… --out <dir>`: the outputs of shards 0 … N-1 of one run combined
 * into what a single unsharded run writes: manifest.csv (same rows, same order), failures.csv,
 * skipped.csv, summary.json, run.json, and the clips, transcripts, markers, alignments and per-recording
 * state (so the merged folder resumes like any run output) hard-linked from the shards.
 *
 * Atomic and resumable: everything is built in `.<out>.merging` beside the output folder, then
 * renamed into place; an interrupted merge picks up its links where it stopped. Merging again
 * into a finished merge of the same shards does nothing.
 */
import { mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';
import { compareCodePoints } from '../code-point-order.js';
import { writeFileAtomic } from '../files.js';
import { FAILURES_FILE, INTERNAL_DIR, MANIFEST_FILE, RECORDING_DIRS, SKIPPED_FILE, WORK_DIR } from '../run-output/layout.js';
import { recordingKey } from '../run-output/naming.js';
import { readSummary, readTable } from '../run-output/read.js';
import { readRunRecord, recordFingerprint, writeRunRecord, type RunRecord } from '../run-output/run-record.js';
import { isInside } from '../run-output/safe-path.js';
import { writeSummary } from '../run-output/write.js';
import { formatShard } from './select.js';
import { linkFile, linkTree, type LinkCounts } from './link.js';
import { readShardSources, type ShardSource } from './sources.js';
import { mergeSummaries } from './summary.js';
import { mergeTables, tableCsv } from './tables.js';

/** What a merge did. */
export interface MergeResult {
  outDir: string;
  shards: number;
  recordings: number;
  clips: number;
  failed: number;
  /** Files hard-linked and copied (copies only where links are impossible). */
  linked: number;
  copied: number;
  /** True when `outDir` already was the merge of these shards (nothing done). */
  alreadyMerged: boolean;
}

const PLAN_FILE = '.merge-plan.json';

function mergedRecord(sources: readonly ShardSource[]): RunRecord {
  const [first] = sources;
  if (first === undefined) throw new DictclipError('E_MERGE', 'no shard output given');
  return {
    version: first.record.version,
    shard: null,
    optionsFingerprint: first.record.optionsFingerprint,
    // The references the shards were cut from (their fingerprints agree): a run over the merge uses them again.
    ...(first.record.transcripts === undefined ? {} : { transcripts: first.record.transcripts }),
    options: first.record.options,
    recordings: sources.flatMap((s) => s.record.recordings).sort(compareCodePoints),
    mergedFrom: sources.map((s) => ({
      shard: formatShard(s.shard),
      recordings: s.record.recordings.length,
      fingerprint: recordFingerprint(s.record),
    })),
  };
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => ['?'])).length === 0;
}

/** Per-recording files under `.dictclip/` (state, peaks …: `<key>.<ext>` in each folder but work/). */
async function linkRecordingFiles(source: ShardSource, temp: string, counts: LinkCounts): Promise<void> {
  const base = path.join(source.dir, INTERNAL_DIR);
  const folders = (await readdir(base, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory() && e.name !== WORK_DIR);
  const keys = new Set(source.record.recordings.map(recordingKey));
  for (const folder of folders) {
    for (const name of await readdir(path.join(base, folder.name))) {
      if (/\.tmp/.test(name) || !keys.has(name.slice(0, name.indexOf('.') < 0 ? name.length : name.indexOf('.')))) continue;
      await linkFile(path.join(base, folder.name, name), path.join(temp, INTERNAL_DIR, folder.name, name), counts);
    }
  }
}

/**
 * Merge the shard outputs `dirs` into `outDir`.
 * @throws DictclipError `E_MERGE` (refused: names the source and the reason; nothing written),
 *   `E_OUTPUT` (writing failed; rerun to resume).
 */
export async function mergeShards(dirs: readonly string[], outDir: string): Promise<MergeResult> {
  const out = path.resolve(outDir);
  for (const dir of dirs.map((d) => path.resolve(d))) {
    if (dir === out || isInside(dir, out) || isInside(out, dir)) {
      throw new DictclipError('E_MERGE', `${dir}: the merge output ${out} must be outside every shard output (and not contain one)`, {
        path: dir,
      });
    }
  }
  const sources = await readShardSources(dirs);
  const record = mergedRecord(sources);
  const result = { outDir: out, shards: sources.length, recordings: record.recordings.length, linked: 0, copied: 0 };
  const existing = await stat(out).catch(() => undefined);
  if (existing !== undefined) {
    const done = await readRunRecord(out);
    if (done !== undefined && JSON.stringify(done.mergedFrom) === JSON.stringify(record.mergedFrom)) {
      await rm(path.join(out, PLAN_FILE), { force: true });
      const summary = await readSummary(out);
      const count = (value: unknown): number => (typeof value === 'number' ? value : 0);
      return { ...result, clips: count(summary['clips']), failed: count(summary['failed']), alreadyMerged: true };
    }
    if (!existing.isDirectory() || !(await isEmptyDir(out))) {
      throw new DictclipError(
        'E_MERGE',
        `${out}: the merge output exists and is not a merge of these shards; choose a new --out or remove it`,
        { path: out },
      );
    }
  }
  const temp = path.join(path.dirname(out), `.${path.basename(out)}.merging`);
  const plan = JSON.stringify(record.mergedFrom);
  // A leftover of this merge is resumed; anything else there (another merge's) is started over.
  if ((await readFile(path.join(temp, PLAN_FILE), 'utf8').catch(() => '')) !== plan) await rm(temp, { recursive: true, force: true });
  await mkdir(temp, { recursive: true });
  await writeFile(path.join(temp, PLAN_FILE), plan);

  const counts: LinkCounts = { linked: 0, copied: 0 };
  for (const source of sources) {
    for (const folder of RECORDING_DIRS) await linkTree(path.join(source.dir, folder), path.join(temp, folder), counts);
    await linkRecordingFiles(source, temp, counts);
  }
  const tables = async (name: string): Promise<{ dir: string; table: Awaited<ReturnType<typeof readTable>> }[]> =>
    Promise.all(sources.map(async (s) => ({ dir: s.dir, table: await readTable(s.dir, name) })));
  const manifest = mergeTables(MANIFEST_FILE, await tables(MANIFEST_FILE));
  const failures = mergeTables(FAILURES_FILE, await tables(FAILURES_FILE));
  const skipped = mergeTables(SKIPPED_FILE, await tables(SKIPPED_FILE), true);
  if (manifest !== undefined) await writeFileAtomic(path.join(temp, MANIFEST_FILE), tableCsv(manifest));
  if (failures !== undefined) await writeFileAtomic(path.join(temp, FAILURES_FILE), tableCsv(failures));
  if (skipped !== undefined) await writeFileAtomic(path.join(temp, SKIPPED_FILE), tableCsv(skipped));
  const summaries = await Promise.all(sources.map(async (s) => ({ dir: s.dir, summary: await readSummary(s.dir) })));
  const summary = mergeSummaries(summaries, (manifest?.rows ?? []).map((row) => Number(row['duration_ms'])), skipped?.rows.length);
  await writeSummary(temp, summary);
  await writeRunRecord(temp, record);
  if (existing !== undefined) await rmdir(out);
  try {
    await rename(temp, out);
  } catch (error) {
    throw new DictclipError('E_OUTPUT', `cannot move the merge into place: ${out}`, { path: out, cause: error });
  }
  await rm(path.join(out, PLAN_FILE), { force: true });
  return { ...result, ...counts, clips: manifest?.rows.length ?? 0, failed: failures?.rows.length ?? 0, alreadyMerged: false };
}
