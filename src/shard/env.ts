/**
 * `--shard auto/N`: the shard index from the batch engine running this process. The command line
 * passes its environment in; the library itself reads none.
 */
import { DictclipError } from '../errors.js';

/** The variables each engine sets, in the order they are tried. */
export const SHARD_ENGINES = [
  { engine: 'Kubernetes Indexed Job', variable: 'JOB_COMPLETION_INDEX' },
  { engine: 'Slurm job array', variable: 'SLURM_ARRAY_TASK_ID', minimum: 'SLURM_ARRAY_TASK_MIN' },
  { engine: 'AWS Batch array job', variable: 'AWS_BATCH_JOB_ARRAY_INDEX' },
] as const;

function integer(env: Readonly<Record<string, string | undefined>>, name: string): number | undefined {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new DictclipError('E_CONFIG', `--shard auto: ${name} is ${JSON.stringify(text)}, not a whole number`, { key: 'shard' });
  return Number(text);
}

/**
 * Resolve a shard value: `K/N` is returned unchanged, `auto/N` becomes `K/N` with K from the first
 * engine variable that is set (Slurm's task id counts from SLURM_ARRAY_TASK_MIN, 0 when unset).
 * @throws DictclipError `E_CONFIG` when no engine variable is set, or K is not below N.
 */
export function resolveShard(value: string, env: Readonly<Record<string, string | undefined>>): string {
  const match = /^auto\/(\d+)$/.exec(value);
  if (match === null) return value;
  const count = Number(match[1]);
  for (const source of SHARD_ENGINES) {
    const raw = integer(env, source.variable);
    if (raw === undefined) continue;
    const index = 'minimum' in source ? raw - (integer(env, source.minimum) ?? 0) : raw;
    if (index < 0 || index >= count) {
      throw new DictclipError('E_CONFIG',
        `--shard auto/${count}: ${source.variable} (${source.engine}) gives shard ${index}, outside 0–${count - 1}; ` +
        `make the array exactly ${count} tasks (indices 0–${count - 1}) or change N`, { key: 'shard' });
    }
    return `${index}/${count}`;
  }
  const names = SHARD_ENGINES.map((s) => `${s.variable} (${s.engine})`).join(', ');
  throw new DictclipError('E_CONFIG',
    `--shard auto/${count}: no batch engine variable is set (looked for ${names}); ` +
    `run it as an array task, or pass --shard K/${count} with K from 0 to ${count - 1}`, { key: 'shard' });
}
