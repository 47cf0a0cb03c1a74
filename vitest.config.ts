import { defineConfig } from 'vitest/config';

// One Vitest run for shared, server and web; the server project runs on PGlite, or on
// PostgreSQL when TEST_DATABASE_URL is set (the test script runs it both ways). The tests under
// apps/server/test/postgres need a second connection to the server's database (a real server
// process killed mid-transaction), so they belong to the PostgreSQL run only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/*.test.ts', ...(onPostgres ? ['test/postgres/*.test.ts'] : [])],
          // Generous: on a busy 2-core machine the route walks and first-open storms take several
          // times their idle 10 s; a limit is there to end a hung test, not to time a fast one.
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // The files share one module graph instead of importing the server anew for each (about
          // 5 s of CPU a file, a third of the suite's CPU on PGlite). Each file still builds its
          // own portal on its own database (test/harness.ts); server state kept at module level
          // is keyed by its database or is the same for every portal (reference data, templates).
          isolate: false,
          // The run's temporary files in a folder of its own, which must be empty at the end; on
          // PostgreSQL the demo is seeded once into a template database before any file runs.
          globalSetup: ['test/scratch.setup.ts', ...(onPostgres ? ['test/postgres-template.setup.ts'] : [])],
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        // jsdom renders and the source walks of build/ take well under a second alone, but ten times
        // that on a busy 2-core machine: vitest's 5 s default then fails a test that is only slow.
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
