import { defineConfig } from 'vitest/config';
import { INTEGRATION } from './test/tiers/integration.js';

/**
 * Two tiers. `unit` (`npm run test:unit`): pure functions and in-process servers on port 0, no
 * child process (test/tiers/unit-guard.ts refuses one), no real-time waits; it runs in worker
 * threads, three at a time (`npm run test:unit`: its tests mostly wait on sockets). `integration`: real
 * ffmpeg, PocketSphinx, Chromium and the built CLI. `npm test` runs both; the load test runs only
 * when DICTCLIP_LOAD_TEST=1 (set by .ci/run).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    globalSetup: ['test/tiers/pages.ts'],
    // The page tests (test/pages/, `@vitest-environment happy-dom`) load no script a page adds: rec/<key>.js is handed over by its event.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    projects: [
      { extends: true, test: { name: 'unit', pool: 'threads', include: ['test/**/*.test.ts'], exclude: [...INTEGRATION], setupFiles: ['test/tiers/unit-guard.ts'] } },
      { extends: true, test: { name: 'integration', include: [...INTEGRATION] } },
    ],
  },
});
