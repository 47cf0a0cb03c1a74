import { BUNDLE_BUDGETS, CEILINGS_KB, headlineLoads, LAYOUT_MODULE } from '../apps/web/build/bundle-budgets.js';
import { measureBuild } from '../apps/web/build/check-budgets.js';
import type { Browser } from '@playwright/test';
import { CPU_SLOWDOWN, firstPaints, launchChromium, rememberSession, SLOW_4G, type SignedIn } from '../e2e/first-paint.js';
import { report, signIn, SMALL, startPortal } from './lib.js';

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
  // A page's own load: the entry and one lazy page (in the layout, with the session's channel and
  // any entry it frames). Loads further down the chain add a part the page opens on use (a dialog,
  // a tab, the form checks on saving) or renders on opening, which the browser figure below counts.
  const others = measured.filter((l) => l.kind === 'other');
  const pages = others.filter((l) => l.path.length <= 1);
  const largestPage = [...pages].sort((a, b) => b.gzipKb - a.gzipKb)[0]!;
  report({
    name: `largest page's own first load by the build check (${largestPage.name})`,
    value: largestPage.gzipKb,
    unit: 'KB',
    budget: `<= ${BUNDLE_BUDGETS.otherKb} KB`,
    reference: `${pages.filter((l) => l.ok).length} of ${pages.length} page loads within`,
    ok: largestPage.gzipKb <= BUNDLE_BUDGETS.otherKb,
  });
  const withParts = others.filter((l) => l.path.length > 1);
  const largestWithPart = [...withParts].sort((a, b) => b.gzipKb - a.gzipKb)[0]!;
  report({
    name: `largest load of a page with a part it opens on use (${largestWithPart.name})`,
    value: largestWithPart.gzipKb,
    unit: 'KB',
    budget: `<= ${CEILINGS_KB.other} KB held (decision 0016; ${BUNDLE_BUDGETS.otherKb} KB is the first loads' budget)`,
    reference: `${withParts.filter((l) => l.ok).length} of ${withParts.length} such loads within ${BUNDLE_BUDGETS.otherKb} KB`,
    ok: largestWithPart.gzipKb <= CEILINGS_KB.other,
  });
}

async function firstPaint() {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const signedIn = await signIn<SignedIn>(portal.url, 'rep01');
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

/**
 * What a browser downloads when a console page is opened directly as a new visitor would (a fresh
 * context, signed in, gzip accepted): every distinct script until the network is idle, summed by
 * the Content-Length the server sent. This counts what the static check above cannot attribute to
 * a page: the parts it renders on opening through `lazy` (a chart, the top bar's search box)
 * (decision 0031, "pages measured in the browser" and "What a browser downloads, within 400 KB"). Every page of the admin's menu; in a small run
 * the first five.
 */
async function browserFirstLoads() {
  const portal = await startPortal();
  const browser = await launchChromium();
  try {
    const signedIn = await signIn<SignedIn>(portal.url, 'admin');
    const menus = (await (await fetch(`${portal.url}/API-SYSTEM/menu/list`, { headers: { authorization: `Bearer ${signedIn.access_token}` } })).json()) as {
      result: { menuList: MenuNode[] };
    };
    const paths: string[] = [];
    const walk = (nodes: readonly MenuNode[]) => {
      for (const node of nodes) {
        if (node.children?.length) walk(node.children);
        else if (node.path && !node.path.includes(':')) paths.push(node.path);
      }
    };
    walk(menus.result.menuList);
    const loads: { path: string; kb: number }[] = [];
    for (const path of SMALL ? paths.slice(0, 5) : paths) loads.push({ path, kb: await downloadedOnOpening(browser, portal.url, `/#${path}`, signedIn) });
    loads.sort((a, b) => b.kb - a.kb);
    const over = loads.filter((l) => l.kb > BUNDLE_BUDGETS.otherKb);
    report({
      name: `largest console page first load as the browser downloads it (${loads[0]!.path}), ${loads.length} pages opened`,
      value: loads[0]!.kb,
      unit: 'KB',
      budget: `<= ${BUNDLE_BUDGETS.otherKb} KB`,
      reference: `${over.length} of ${loads.length} pages over${over.length ? `: ${over.map((l) => `${l.path} ${l.kb.toFixed(0)}`).join(', ')}` : ''}`,
      ok: over.length === 0,
    });
  } finally {
    await browser.close();
    await portal.stop();
  }
}

interface MenuNode {
  path?: string;
  children?: MenuNode[];
}

/** KB of distinct scripts a fresh, signed-in browser downloads opening `path`, until the network is idle. */
async function downloadedOnOpening(browser: Browser, baseURL: string, path: string, signedIn: SignedIn): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    await rememberSession(context, signedIn);
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const url = response.url();
      if (url.endsWith('.js') && !sizes.has(url)) sizes.set(url, response.allHeaders().then((h) => Number(h['content-length'] ?? 0)));
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes.values())).reduce((sum, n) => sum + n, 0);
    return bytes / 1024;
  } finally {
    await context.close();
  }
}

export async function run() {
  console.log('\nWeb delivery');
  await bundleSizes();
  await firstPaint();
  await browserFirstLoads();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
