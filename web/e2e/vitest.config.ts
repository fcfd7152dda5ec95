import { defineConfig } from 'vitest/config';

// Browser scenarios: one Stoa and one browser for the whole file, run in order.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: [process.env.E2E_INCLUDE ?? 'e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    // generous waits: a shared 2-core machine can be slow; every wait still has a deadline
    expect: { poll: { timeout: 20_000, interval: 100 } },
    hookTimeout: 180_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
