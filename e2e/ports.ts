/**
 * Where the browser journeys find their servers. E2E_PORT lets two runs of the suite share a
 * machine; the single sign-on journeys use a second portal, set up with the test identity
 * provider, on the next two ports.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const SSO_PORTAL_URL = `http://localhost:${PORT + 1}`;
export const IDENTITY_PROVIDER_URL = `http://127.0.0.1:${PORT + 2}`;
