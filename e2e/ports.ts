/**
 * Where the browser journeys find their servers. E2E_PORT lets two runs of the suite share a
 * machine; the single sign-on journeys use a second portal, set up with the test identity
 * provider, on the next two ports; the large-export journey a portal with a bigger demo on the
 * port after those.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const SSO_PORTAL_URL = `http://localhost:${PORT + 1}`;
export const IDENTITY_PROVIDER_URL = `http://127.0.0.1:${PORT + 2}`;

/**
 * The large-export journey's portal (large-export.spec.ts): the demo with LARGE_DEMO_DOCTORS
 * doctors (DEMO_DOCTORS), so that one range of the doctor list, the company-internal doctors
 * (three in four), holds more than 100,000 (100,847 of the generated dataset's first 135,000).
 */
export const LARGE_PORTAL_URL = `http://localhost:${PORT + 3}`;
export const LARGE_DEMO_DOCTORS = 135_000;

/**
 * The first-start journey's portal (first-start.spec.ts): started without demo data on an empty
 * data folder of its own, which the journey reads the setup link from (setup-link.txt).
 */
export const FIRST_START_PORTAL_URL = `http://localhost:${PORT + 4}`;
export const FIRST_START_DATA_DIR = new URL(`../.tmp/e2e-first-start-${PORT}`, import.meta.url).pathname;

/**
 * The import journey's portal (imports.spec.ts): the demo on a data folder of its own, since an
 * import queues a recompute of every KOL score, which would change what later journeys on the
 * shared portal see (the suggestions' rising scores).
 */
export const IMPORTS_PORTAL_URL = `http://localhost:${PORT + 5}`;
