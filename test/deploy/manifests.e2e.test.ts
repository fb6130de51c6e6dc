/**
 * The job files of deploy/: the Kubernetes manifests parse as YAML with the fields an Indexed Job
 * needs, the shard counts agree, and every engine's shard command and merge command, run here
 * with that engine's index variable (and a `dictclip` on PATH that is the built CLI), shard a
 * folder and merge it back into one output with every recording.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { CLI, ensureBuilt, makeBursts, removeTempDirs, ROOT, tempDir } from '../helpers/index.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEPLOY = path.join(ROOT, 'deploy');
let root = '';
let bin = '';
let input = '';
const RECORDINGS = ['a.wav', 'b.wav', 'c/d.wav', 'c/e.wav', 'f.wav'];

async function yamlFile(name: string): Promise<Json[]> {
  const docs = parseAllDocuments(await readFile(path.join(DEPLOY, 'kubernetes', name), 'utf8'));
  for (const doc of docs) expect(doc.errors).toEqual([]);
  return docs.map((doc) => doc.toJS() as Json);
}

/** Run `sh -c script` (or `bash file`) with env; resolve its exit code and output. */
function sh(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(args[0] ?? 'sh', args.slice(1), { env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: root, ...env } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Every recording exactly once in the merged output. */
async function expectMerged(dir: string): Promise<void> {
  const record = JSON.parse(await readFile(path.join(dir, 'run.json'), 'utf8')) as { recordings: string[]; mergedFrom: unknown[] };
  expect(record.recordings).toEqual([...RECORDINGS].sort());
  const rows = parseCsv(await readFile(path.join(dir, 'manifest.csv'), 'utf8'), { columns: true }) as { source: string }[];
  expect([...new Set(rows.map((row) => row.source))].sort()).toEqual([...RECORDINGS].sort());
}

const envOf = (container: Json): Record<string, string> =>
  Object.fromEntries((container['env'] as { name: string; value: string }[]).map((e) => [e.name, e.value]));

beforeAll(async () => {
  await ensureBuilt();
  root = await tempDir('deploy');
  bin = path.join(root, 'bin');
  input = path.join(root, 'input');
  await mkdir(bin);
  await writeFile(path.join(bin, 'dictclip'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  await chmod(path.join(bin, 'dictclip'), 0o755);
  for (const [i, name] of RECORDINGS.entries()) await makeBursts(path.join(input, name), [[0.2, 0.5 + i * 0.05]], { seconds: 1 + i * 0.1 });
}, 60_000);

afterAll(removeTempDirs);

describe('deploy/kubernetes', () => {
  it('the shard Jobs are Indexed Jobs whose N matches --shard auto/N, over the shared claim', async () => {
    const [claim] = await yamlFile('volume.yaml');
    const [secret] = await yamlFile('credentials.example.yaml');
    expect([claim?.['kind'], claim?.['spec']['accessModes']]).toEqual(['PersistentVolumeClaim', ['ReadWriteMany']]);
    for (const name of ['shards-embedded.yaml', 'shards-remote.yaml', 'merge.yaml']) {
      const [job] = await yamlFile(name);
      expect([job?.['apiVersion'], job?.['kind']]).toEqual(['batch/v1', 'Job']);
      const pod = job?.['spec']['template']['spec'] as Json;
      // Indexed Jobs with per-index backoff require restartPolicy Never.
      expect(pod['restartPolicy']).toBe('Never');
      const volumes = new Map((pod['volumes'] as Json[]).map((v) => [v['name'] as string, v]));
      const [container] = pod['containers'] as Json[];
      for (const mount of container?.['volumeMounts'] as Json[]) expect(volumes.has(mount['name'] as string), `${name}: ${String(mount['name'])}`).toBe(true);
      expect(volumes.get('data')?.['persistentVolumeClaim']['claimName']).toBe(claim?.['metadata']['name']);
      if (name === 'merge.yaml') continue;
      const spec = job?.['spec'] as Json;
      expect(spec['completionMode']).toBe('Indexed');
      expect(Number.isInteger(spec['completions'])).toBe(true);
      expect(spec['parallelism']).toBeLessThanOrEqual(spec['completions'] as number);
      expect(container?.['command']).toEqual(['sh', '-c']);
      expect(container?.['args'][0]).toContain(`--shard auto/${String(spec['completions'])} `);
      if (name === 'shards-remote.yaml') {
        expect(volumes.get('credentials')?.['secret']['secretName']).toBe(secret?.['metadata']['name']);
        expect(envOf(container ?? {})['DICTCLIP_BASE_URL']).toMatch(/^https:\/\//);
      }
    }
  });

  it('the embedded shard command, run for every index, then the merge command, give one output with every recording', async () => {
    const [job] = await yamlFile('shards-embedded.yaml');
    const [merge] = await yamlFile('merge.yaml');
    const shardC = job?.['spec']['template']['spec']['containers'][0] as Json;
    const mergeC = merge?.['spec']['template']['spec']['containers'][0] as Json;
    const dirs = { INPUT_DIR: input, SHARD_DIR: path.join(root, 'k8s', 'shards'), MERGED_DIR: path.join(root, 'k8s', 'merged') };
    const n = job?.['spec']['completions'] as number;
    const runs = await Promise.all(Array.from({ length: n }, (_, k) =>
      sh(['sh', '-c', shardC['args'][0] as string], { ...envOf(shardC), ...dirs, JOB_COMPLETION_INDEX: String(k), DICTCLIP_ENGINE: 'scripted' })));
    for (const run of runs) expect(run.code, run.out).toBe(0);
    const merged = await sh(['sh', '-c', mergeC['args'][0] as string], { ...envOf(mergeC), ...dirs });
    expect(merged.code, merged.out).toBe(0);
    await expectMerged(dirs.MERGED_DIR);
  }, 180_000);

  it('the remote shard command picks account K mod the number of accounts from the Secret', async () => {
    const [job] = await yamlFile('shards-remote.yaml');
    const [secret] = await yamlFile('credentials.example.yaml');
    const container = job?.['spec']['template']['spec']['containers'][0] as Json;
    const credentials = path.join(root, 'credentials');
    await mkdir(credentials);
    for (const [key, value] of Object.entries(secret?.['stringData'] as Record<string, string>)) await writeFile(path.join(credentials, key), value);
    const fake = path.join(root, 'fake-bin');
    await mkdir(fake);
    await writeFile(path.join(fake, 'dictclip'), '#!/bin/sh\necho "$DICTCLIP_USERNAME $DICTCLIP_API_KEY $*"\n');
    await chmod(path.join(fake, 'dictclip'), 0o755);
    const result = await sh(['sh', '-c', container['args'][0] as string], {
      ...envOf(container), CREDENTIALS_DIR: credentials, JOB_COMPLETION_INDEX: '5', PATH: `${fake}:${process.env['PATH'] ?? ''}`,
    });
    expect(result).toEqual({ code: 0, out: 'bob replace-me run /data/input --out /data/shards/shard-5 --shard auto/16 --no-report\n' });
  });
});

describe('deploy/slurm and deploy/aws-batch', () => {
  it('the sbatch array script and the merge script shard and merge a folder (array 0-7, SLURM_ARRAY_TASK_COUNT)', async () => {
    const script = await readFile(path.join(DEPLOY, 'slurm', 'shards.sbatch'), 'utf8');
    const [, min = '', max = ''] = /^#SBATCH --array=(\d+)-(\d+)$/m.exec(script) ?? [];
    const count = Number(max) - Number(min) + 1;
    const dirs = { INPUT_DIR: input, SHARD_DIR: path.join(root, 'slurm', 'shards'), MERGED_DIR: path.join(root, 'slurm', 'merged') };
    const runs = await Promise.all(Array.from({ length: count }, (_, k) => sh(['bash', path.join(DEPLOY, 'slurm', 'shards.sbatch')], {
      ...dirs, SLURM_ARRAY_TASK_ID: String(Number(min) + k), SLURM_ARRAY_TASK_MIN: min, SLURM_ARRAY_TASK_COUNT: String(count), DICTCLIP_ENGINE: 'scripted',
    })));
    for (const run of runs) expect(run.code, run.out).toBe(0);
    const merged = await sh(['bash', path.join(DEPLOY, 'slurm', 'merge.sbatch')], dirs);
    expect(merged.code, merged.out).toBe(0);
    await expectMerged(dirs.MERGED_DIR);
    expect(await readFile(path.join(DEPLOY, 'slurm', 'submit.sh'), 'utf8')).toContain('--dependency="afterok:${array}" merge.sbatch');
  }, 180_000);

  it('the AWS Batch job definitions shard by AWS_BATCH_JOB_ARRAY_INDEX and merge', async () => {
    const shard = JSON.parse(await readFile(path.join(DEPLOY, 'aws-batch', 'job-definition.json'), 'utf8')) as Json;
    const merge = JSON.parse(await readFile(path.join(DEPLOY, 'aws-batch', 'merge-job-definition.json'), 'utf8')) as Json;
    const env = (def: Json): Record<string, string> => Object.fromEntries((def['containerProperties']['environment'] as { name: string; value: string }[]).map((e) => [e.name, e.value]));
    const count = Number(env(shard)['SHARDS']);
    const dirs = { INPUT_DIR: input, SHARD_DIR: path.join(root, 'aws', 'shards'), MERGED_DIR: path.join(root, 'aws', 'merged') };
    const [cmd, ...args] = shard['containerProperties']['command'] as string[];
    const runs = await Promise.all(Array.from({ length: count }, (_, k) =>
      sh([cmd ?? 'sh', ...args], { ...env(shard), ...dirs, AWS_BATCH_JOB_ARRAY_INDEX: String(k), DICTCLIP_ENGINE: 'scripted' })));
    for (const run of runs) expect(run.code, run.out).toBe(0);
    const [mcmd, ...margs] = merge['containerProperties']['command'] as string[];
    const merged = await sh([mcmd ?? 'sh', ...margs], { ...env(merge), ...dirs });
    expect(merged.code, merged.out).toBe(0);
    await expectMerged(dirs.MERGED_DIR);
    const submit = await readFile(path.join(DEPLOY, 'aws-batch', 'submit.sh'), 'utf8');
    expect(submit).toContain('--array-properties "size=${SHARDS}"');
    expect(submit).toContain('--depends-on "jobId=${array}"');
  }, 180_000);
});
