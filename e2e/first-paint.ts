import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';

/**
 * First contentful paint of a page opened as a new visitor would (a fresh browser context: empty
 * cache), with the CPU slowed down through the Chromium DevTools protocol, next to an empty page
 * opened the same way in the same run (docs/decisions/0016). The journeys check it and
 * bench/web.bench.ts prints it.
 */

export const CPU_SLOWDOWN = 4;
/** A page with one line of text, sent by the portal's origin: what painting anything at all costs. */
export const EMPTY_PAGE_PATH = '/__first-paint-reference';
const EMPTY_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>empty</title></head><body><p>empty page</p></body></html>';

export interface SignedIn {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

/** Milliseconds from navigation to the first contentful paint of `path` under `baseURL`. */
export async function firstContentfulPaint(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { signedIn?: SignedIn; viewport?: BrowserContextOptions['viewport'] } = {},
): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
  try {
    if (options.signedIn) {
      // The tokens as the web keeps them after signing in (lib/session/tokens.ts).
      const tokens = options.signedIn;
      await context.addInitScript((t: SignedIn) => {
        const now = Date.now();
        localStorage.setItem('token', JSON.stringify({ token: t.access_token, expires: t.expires_in * 1000, startTime: now }));
        localStorage.setItem('refresh_token', JSON.stringify({ token: t.refresh_token, expires: t.refresh_expires_in * 1000, startTime: now }));
      }, tokens);
    }
    const page = await context.newPage();
    if (path === EMPTY_PAGE_PATH) await page.route(`**${EMPTY_PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: EMPTY_PAGE }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(path, { waitUntil: 'commit' });
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) {
              observer.disconnect();
              resolve(entry.startTime);
            }
          }).observe({ type: 'paint', buffered: true } as never);
        }),
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return fcp;
  } finally {
    await context.close();
  }
}

/** The login page, the phone feed (signed in) and the empty page, `rounds` times each, interleaved; medians. */
export async function firstPaints(browser: Browser, baseURL: string, signedIn: SignedIn, rounds: number) {
  const samples = { empty: [] as number[], login: [] as number[], phone: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    samples.empty.push(await firstContentfulPaint(browser, baseURL, EMPTY_PAGE_PATH));
    samples.login.push(await firstContentfulPaint(browser, baseURL, '/#/login'));
    samples.phone.push(await firstContentfulPaint(browser, baseURL, '/m/', { signedIn, viewport: { width: 390, height: 844 } }));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  return { empty: median(samples.empty), login: median(samples.login), phone: median(samples.phone) };
}

/** Debian's Chromium as the journeys launch it (playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
