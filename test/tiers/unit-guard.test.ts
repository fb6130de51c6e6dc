/** The fast tier refuses child processes, whichever API a module reaches them through. */
import { spawn } from 'node:child_process';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/child-process.js';

describe('the fast test tier', () => {
  it('refuses node:child_process, execa and the project child-process module alike', async () => {
    expect(() => spawn('true')).toThrow(/the fast test tier starts no child process \(spawn true\)/);
    await expect(async () => execa('true')).rejects.toThrow(/test\/tiers\/integration\.ts/);
    await expect(runProcess('ffmpeg', ['-version'], { errorCode: 'E_FFMPEG' })).rejects.toThrow(/fast test tier/);
  });
});
