/**
 * The integration tier, by file name (no list to keep): a test file that starts a child process
 * (ffmpeg, PocketSphinx, espeak-ng, sox, the built CLI, eslint over the whole tree) or needs one to
 * make its inputs is `*.e2e.test.ts`; one that drives Chromium is `*.browser.test.ts`; one that
 * compiles the whole source with the TypeScript compiler (seconds, like the typecheck) is
 * `*.typecheck.test.ts`. Every other test file is in the fast tier (`npm run test:unit`), where
 * test/tiers/unit-guard.ts refuses child processes: a test that needs one fails there with a
 * message saying how to name it.
 */
export const INTEGRATION: readonly string[] = [
  'test/**/*.e2e.test.ts',
  'test/**/*.browser.test.ts',
  'test/**/*.typecheck.test.ts',
];
