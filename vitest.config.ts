import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The load test runs only when DICTCLIP_LOAD_TEST=1 (set by .ci/run).
    reporters: ['default'],
  },
});
