/**
 * Set-up of the fast tier (`npm run test:unit`): no child process may start. Any test of this
 * tier that reaches ffmpeg, PocketSphinx, Chromium, espeak-ng, sox or the built CLI fails at once
 * with a message naming the command, so a slow test cannot slip into the fast tier unnoticed; such
 * a test belongs to the integration tier: its file is named `*.e2e.test.ts` (test/tiers/integration.ts).
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

function refuse(name: string) {
  return (file: unknown): never => {
    throw new Error(`the fast test tier starts no child process (${name} ${String(file)}): name the test file *.e2e.test.ts (the integration tier, test/tiers/integration.ts)`);
  };
}

for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse(name);
}
syncBuiltinESMExports();
