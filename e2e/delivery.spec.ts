import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ANALYTICS_SHARE_PAGE } from '@field-portal/shared';
import { MIN_BYTES } from '../apps/web/build/precompress';
import { CPU_SLOWDOWN, firstPaints, type SignedIn } from './first-paint';
import { PASSWORD } from './support';

/** The build the portal of these journeys serves (see playwright.config.ts). */
const webDist = process.env.E2E_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';

test('every hashed file of the build is sent compressed as built and cached as immutable', async ({ request }) => {
  const assets = fs.readdirSync(path.join(webDist, 'assets')).filter((name) => !/\.(br|gz)$/.test(name));
  expect(assets.length).toBeGreaterThan(10);
  for (const name of assets) {
    const compressed = fs.existsSync(path.join(webDist, 'assets', `${name}.br`));
    const res = await request.get(`/assets/${name}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status(), name).toBe(200);
    expect(res.headers()['cache-control'], name).toBe(IMMUTABLE);
    expect(res.headers().etag, name).toBeTruthy();
    // Every script and style sheet has its copies; a file too small to gain from one is sent as it is.
    if (/\.(js|css)$/.test(name) && fs.statSync(path.join(webDist, 'assets', name)).size >= MIN_BYTES) expect(compressed, name).toBe(true);
    if (compressed) expect(res.headers()['content-encoding'], name).toBe('br');
    // The body arrives whole (the client decodes it) and is the file the build wrote.
    expect((await res.body()).equals(fs.readFileSync(path.join(webDist, 'assets', name))), name).toBe(true);
  }
  const gzip = await request.get(`/assets/${assets.find((n) => n.endsWith('.js'))}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('the entry pages are asked for again each time and answered 304 when unchanged', async ({ request }) => {
  for (const url of ['/', '/index.html', '/m/', ANALYTICS_SHARE_PAGE]) {
    const res = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status(), url).toBe(200);
    expect(res.headers()['cache-control'], url).toBe('no-cache');
    expect(res.headers()['content-type'], url).toContain('text/html');
    const etag = res.headers().etag;
    expect(etag, url).toBeTruthy();
    const again = await request.get(url, { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag! } });
    expect(again.status(), url).toBe(304);
  }
});

test(`first contentful paint of the login page and the phone feed with the CPU ${CPU_SLOWDOWN}x slower, next to an empty page`, async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const login = await request.post('/API-SYSTEM/login', { data: { username: 'rep01', password: PASSWORD } });
  expect(login.status()).toBe(200);
  const signedIn = ((await login.json()) as { result: SignedIn }).result;
  const fcp = await firstPaints(browser, baseURL!, signedIn, 1);
  const line = `first contentful paint, CPU ${CPU_SLOWDOWN}x slower: login page ${fcp.login.toFixed(0)} ms, phone feed ${fcp.phone.toFixed(0)} ms (first card shown ${fcp.phoneCard.toFixed(0)} ms; on slow 4G ${fcp.slowPhone.toFixed(0)} and ${fcp.slowPhoneCard.toFixed(0)} ms), empty page ${fcp.empty.toFixed(0)} ms`;
  test.info().annotations.push({ type: 'first contentful paint', description: line });
  process.stdout.write(`  ${line}\n`);
  for (const value of [fcp.empty, fcp.login, fcp.phone, fcp.phoneCard, fcp.slowPhone, fcp.slowPhoneCard]) expect(value).toBeGreaterThan(0);
  // Something is painted before the scripts have finished: well under the journeys' own timeouts.
  expect(fcp.login).toBeLessThan(20_000);
  expect(fcp.phone).toBeLessThan(20_000);
  expect(fcp.empty).toBeLessThan(fcp.login);
  expect(fcp.phoneCard).toBeGreaterThanOrEqual(fcp.phone);
  // On a slow network the page's brand is painted long before the feed's scripts have arrived.
  expect(fcp.slowPhoneCard).toBeGreaterThan(fcp.slowPhone);
});

test('the phone page shows its brand before any of its scripts has run, and the sign-in replaces it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Scripts held back: what a phone on a slow network shows while they download.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/m/', { waitUntil: 'commit' });
  const brand = page.locator('.fp-m-boot');
  await expect(brand).toBeVisible();
  await expect(brand).toHaveText('FPField Portal');
  release();
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  await expect(brand).toHaveCount(0);
});
