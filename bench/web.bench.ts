import { BUNDLE_BUDGETS, headlineLoads, LAYOUT_MODULE } from '../apps/web/build/bundle-budgets.js';
import { measureBuild } from '../apps/web/build/check-budgets.js';
import { CPU_SLOWDOWN, firstPaints, launchChromium, SLOW_4G, type SignedIn } from '../e2e/first-paint.js';
import { report, SMALL, startPortal } from './lib.js';

/**
 * Issue 19: what the login route and the phone feed download (gzip JavaScript, from the build's
 * manifest) next to their budgets and to the console's entry alone; and the first contentful paint
 * of the login page and the phone feed with the CPU 4x slower, next to an empty page opened the
 * same way in the same run (fresh browser context each time: nothing cached).
 */
async function bundleSizes() {
  const measured = measureBuild();
  const { login, phone } = headlineLoads(measured);
  const entry = measured.find((l) => l.name === 'index.html')!;
  for (const [label, load] of [
    ['login route (console entry + login page)', login],
    ['phone feed /m/', phone],
  ] as const) {
    report({
      name: `${label}: JavaScript, gzip, ${load.files.length} files`,
      value: load.gzipKb,
      unit: 'KB',
      budget: `<= ${load.budgetKb} KB`,
      reference: `console entry alone ${entry.gzipKb.toFixed(0)} KB`,
      ok: load.gzipKb <= load.budgetKb,
    });
  }
  // The console's layout: every page of the menu counts it in its first load (decision 0031).
  const layout = measured.find((l) => l.path.length === 1 && l.path[0] === LAYOUT_MODULE)!;
  report({
    name: `console layout (counted in every console page's load), ${layout.files.length} files`,
    value: layout.gzipKb,
    unit: 'KB',
    budget: `<= ${BUNDLE_BUDGETS.otherKb} KB`,
    reference: `console entry alone ${entry.gzipKb.toFixed(0)} KB`,
    ok: layout.gzipKb <= BUNDLE_BUDGETS.otherKb,
  });
  const others = measured.filter((l) => l.kind === 'other');
  const largest = others.sort((a, b) => b.gzipKb - a.gzipKb)[0]!;
  report({
    name: `largest other first load (${largest.name})`,
    value: largest.gzipKb,
    unit: 'KB',
    budget: `<= ${BUNDLE_BUDGETS.otherKb} KB`,
    reference: `${others.filter((l) => l.ok).length} of ${others.length} other loads within`,
    ok: largest.gzipKb <= BUNDLE_BUDGETS.otherKb,
  });
}

async function firstPaint() {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const res = await fetch(`${portal.url}/API-SYSTEM/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'rep01', password: 'demo1234' }),
    });
    const signedIn = ((await res.json()) as { result: SignedIn }).result;
    const rounds = SMALL ? 1 : 5;
    const fcp = await firstPaints(browser, portal.url, signedIn, rounds, { openCard: true });
    for (const [label, value] of [
      ['first contentful paint, login page', fcp.login],
      ['first contentful paint, phone feed /m/ (signed in)', fcp.phone],
      ['first card shown, phone feed /m/ (signed in)', fcp.phoneCard],
      [`first contentful paint, phone feed /m/ on slow 4G (${SLOW_4G.latencyMs} ms, ${(SLOW_4G.downloadKbps / 1024).toFixed(1)} Mbit/s)`, fcp.slowPhone],
      ['first card shown, phone feed /m/ on slow 4G', fcp.slowPhoneCard],
      ['a card opened on the phone on slow 4G, tap to its body shown', fcp.slowOpen],
    ] as const) {
      report({
        name: `${label}, CPU ${CPU_SLOWDOWN}x slower, median of ${rounds}`,
        value,
        unit: label.startsWith('a card opened') ? 'ms' : `ms (${(value / fcp.empty).toFixed(1)}x the empty page)`,
        budget: 'none set by the issue (printed for comparison)',
        reference: `empty page ${fcp.empty.toFixed(0)} ms`,
        ok: true,
      });
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

export async function run() {
  console.log('\nWeb delivery');
  await bundleSizes();
  await firstPaint();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
