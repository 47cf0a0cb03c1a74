import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BROWSER_TIME_ZONE } from './browser-time';
import {
  FIRST_START_DATA_DIR,
  FIRST_START_PORTAL_URL,
  IDENTITY_PROVIDER_URL,
  IMPORTS_PORTAL_URL,
  LARGE_DEMO_DOCTORS,
  LARGE_PORTAL_URL,
  PORT,
  SSO_PORTAL_URL,
} from './ports';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT and E2E_WEB_DIST let two runs of the suite share a machine (each with its own ports,
// data folders and web build).
const webDist = process.env.E2E_WEB_DIST;

/**
 * Set E2E_BASE_URL to test a portal that is already running; otherwise the real server is started
 * on a fresh data folder and serves the built web (run `npm run build` first).
 */
const external = process.env.E2E_BASE_URL;

const tmpRoot = path.resolve(here, '../.tmp');
const dataDir = path.join(tmpRoot, `e2e-data-${PORT}-${Date.now()}`);
const ssoDataDir = `${dataDir}-sso`;
if (!external && !process.env.TEST_WORKER_INDEX) {
  // Data folders of earlier runs go; this run's folder starts empty.
  if (fs.existsSync(tmpRoot)) {
    for (const name of fs.readdirSync(tmpRoot)) {
      if (name.startsWith(`e2e-data-${PORT}-`)) fs.rmSync(path.join(tmpRoot, name), { recursive: true, force: true });
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(ssoDataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}-large`, { recursive: true, force: true });
  fs.rmSync(`${dataDir}-imports`, { recursive: true, force: true });
  // The first-start portal starts empty every run: its setup link is new and unused.
  fs.rmSync(FIRST_START_DATA_DIR, { recursive: true, force: true });
}

const serverLog = { reuseExistingServer: false, timeout: 120_000, stdout: 'pipe', stderr: 'pipe' } as const;

/**
 * The large-export journey's portal starts when the run may include that journey: a run of the
 * whole suite, or one naming large-export.spec.ts; a run naming only other spec files goes without
 * it. Its first start after a change of the demo seed makes its snapshot (about two minutes).
 */
const specArgs = process.argv.filter((arg) => /\.spec(\.ts)?$/.test(arg));
const largePortal = specArgs.length === 0 || specArgs.some((arg) => arg.includes('large-export'));
/** The first-start journey's empty portal, likewise only for a run that may include first-start.spec.ts. */
const firstStartPortal = specArgs.length === 0 || specArgs.some((arg) => arg.includes('first-start'));
const importsPortal = specArgs.length === 0 || specArgs.some((arg) => arg.includes('imports'));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: process.env.E2E_PORT ? `test-results-${PORT}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // A state the journey waits for may take longer than 10 s on a two-core machine at load 20 (one
  // journey was seen to miss it there once); waiting longer costs nothing when the state comes sooner.
  expect: { timeout: 20_000 },
  // The test script asks for a JSON report too, to add up one closing line for the whole run.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: external ?? `http://localhost:${PORT}`,
    headless: true,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    // The portal honours the system's "reduce motion" setting (no zoom or fade on dialogs and
    // toasts), so a click never lands while a dialog is still growing under the pointer.
    reducedMotion: 'reduce',
    // The users' time zone, whatever the test machine's (e2e/browser-time.ts).
    timezoneId: BROWSER_TIME_ZONE,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: external
    ? undefined
    : [
        {
          command: 'node --import tsx ../apps/server/src/main.ts',
          cwd: here,
          url: `http://localhost:${PORT}/healthz`,
          // progress every 100 ms: a large export's progress shows even on a fast machine (large-export.spec.ts)
          env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DOWNLOAD_PROGRESS_MS: '100', ...(webDist ? { WEB_DIST: webDist } : {}) },
          ...serverLog,
        },
        // Single sign-on: a real OpenID Connect provider (oidc-provider) and a portal that uses it.
        {
          command: 'node --import tsx ../apps/server/test/identity-provider.ts',
          cwd: here,
          url: `${IDENTITY_PROVIDER_URL}/.well-known/openid-configuration`,
          env: { PORT: new URL(IDENTITY_PROVIDER_URL).port, CLIENT_ID: 'field-portal', PORTAL_ORIGIN: SSO_PORTAL_URL },
          ...serverLog,
        },
        {
          command: 'node --import tsx ../apps/server/src/main.ts',
          cwd: here,
          url: `${SSO_PORTAL_URL}/healthz`,
          env: {
            PORT: new URL(SSO_PORTAL_URL).port,
            DATA_DIR: ssoDataDir,
            LOG_LEVEL: 'warn',
            OIDC_ISSUER: IDENTITY_PROVIDER_URL,
            OIDC_CLIENT_ID: 'field-portal',
            ...(webDist ? { WEB_DIST: webDist } : {}),
          },
          ...serverLog,
        },
        // The large-export journey's portal: the demo with more doctors (DEMO_DOCTORS), its own data folder.
        ...(largePortal
          ? [
              {
                command: 'node --import tsx ../apps/server/src/main.ts',
                cwd: here,
                url: `${LARGE_PORTAL_URL}/healthz`,
                env: {
                  PORT: new URL(LARGE_PORTAL_URL).port,
                  DATA_DIR: `${dataDir}-large`,
                  DEMO_DOCTORS: String(LARGE_DEMO_DOCTORS),
                  LOG_LEVEL: 'warn',
                  ...(webDist ? { WEB_DIST: webDist } : {}),
                },
                ...serverLog,
                // the first start after a change of the demo seed adds the doctors to a copy of the demo (minutes on a loaded machine)
                timeout: 900_000,
              },
            ]
          : []),
        // The first-start journey's portal: no demo data, an empty data folder of its own (docs/decisions/0041).
        ...(firstStartPortal
          ? [
              {
                command: 'node --import tsx ../apps/server/src/main.ts',
                cwd: here,
                url: `${FIRST_START_PORTAL_URL}/healthz`,
                env: {
                  PORT: new URL(FIRST_START_PORTAL_URL).port,
                  DATA_DIR: FIRST_START_DATA_DIR,
                  DEMO_DATA: 'false',
                  LOG_LEVEL: 'warn',
                  ...(webDist ? { WEB_DIST: webDist } : {}),
                },
                ...serverLog,
                // an empty database is migrated and seeded with the system data at start (over a minute on a loaded machine)
                timeout: 300_000,
              },
            ]
          : []),
        // The import journey's portal: the demo on a data folder of its own (see IMPORTS_PORTAL_URL).
        ...(importsPortal
          ? [
              {
                command: 'node --import tsx ../apps/server/src/main.ts',
                cwd: here,
                url: `${IMPORTS_PORTAL_URL}/healthz`,
                env: { PORT: new URL(IMPORTS_PORTAL_URL).port, DATA_DIR: `${dataDir}-imports`, LOG_LEVEL: 'warn', ...(webDist ? { WEB_DIST: webDist } : {}) },
                ...serverLog,
              },
            ]
          : []),
      ],
});
