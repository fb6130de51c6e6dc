import { describe, expect, it } from 'vitest';
import { isDictclipError } from '../../src/errors.js';
import { resolveShard } from '../../src/shard/env.js';

describe('resolveShard', () => {
  it('keeps K/N as it is', () => {
    expect(resolveShard('1/4', { JOB_COMPLETION_INDEX: '3' })).toBe('1/4');
  });

  it('takes K from each batch engine', () => {
    expect(resolveShard('auto/4', { JOB_COMPLETION_INDEX: '3' })).toBe('3/4');
    expect(resolveShard('auto/4', { SLURM_ARRAY_TASK_ID: '2' })).toBe('2/4');
    // Slurm arrays need not start at 0: --array=1-4 gives task ids 1..4 with SLURM_ARRAY_TASK_MIN=1.
    expect(resolveShard('auto/4', { SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1' })).toBe('3/4');
    expect(resolveShard('auto/4', { AWS_BATCH_JOB_ARRAY_INDEX: '0' })).toBe('0/4');
  });

  it('refuses an index outside the shards, naming the variable', () => {
    expect(() => resolveShard('auto/4', { AWS_BATCH_JOB_ARRAY_INDEX: '4' })).toThrow(
      '--shard auto/4: AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job) gives shard 4, outside 0–3; make the array exactly 4 tasks (indices 0–3) or change N');
    expect(() => resolveShard('auto/4', { SLURM_ARRAY_TASK_ID: 'x' })).toThrow('--shard auto: SLURM_ARRAY_TASK_ID is "x", not a whole number');
  });

  it('says what it looked for when no engine variable is set (E_CONFIG: exit 2)', () => {
    let caught: unknown;
    try {
      resolveShard('auto/3', { JOB_COMPLETION_INDEX: '' });
    } catch (error) {
      caught = error;
    }
    expect(isDictclipError(caught, 'E_CONFIG')).toBe(true);
    expect((caught as Error).message).toBe('--shard auto/3: no batch engine variable is set (looked for JOB_COMPLETION_INDEX (Kubernetes Indexed Job), ' +
      'SLURM_ARRAY_TASK_ID (Slurm job array), AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job)); run it as an array task, or pass --shard K/3 with K from 0 to 2');
  });
});
