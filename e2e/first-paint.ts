import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';

/**
 * First contentful paint of a page opened as a new visitor would (a fresh browser context: empty
 * cache), with the CPU slowed down through the Chromium DevTools protocol, next to an empty page
 * opened the same way in the same run (docs/decisions/0016). The journeys check it and
 * bench/web.bench.ts prints it.
 */

export const CPU_SLOWDOWN = 4;
/** The mobile network Lighthouse simulates for phones ("slow 4G"): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750 };
/** A page with one line of text, sent by the portal's origin: what painting anything at all costs. */
export const EMPTY_PAGE_PATH = '/__first-paint-reference';
const EMPTY_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>empty</title></head><body><p>empty page</p></body></html>';

export interface SignedIn {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

/**
 * Milliseconds from navigation to the first contentful paint of `path` under `baseURL`, and, with
 * `readySelector`, to the moment an element matching it is first in the page (what the user came
 * for: the phone feed's first card, not the brand it paints while its scripts arrive).
 */
export async function pageTimings(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { signedIn?: SignedIn; viewport?: BrowserContextOptions['viewport']; readySelector?: string; network?: typeof SLOW_4G } = {},
): Promise<{ fcp: number; ready: number | null }> {
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
    if (options.readySelector) {
      // Noted by the page itself when the element is added, so no polling delay is counted. (No
      // named function inside: the bench's TypeScript loader would wrap it in a helper the page lacks.)
      await context.addInitScript((selector: string) => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector(selector)) return;
          (window as unknown as { __fpReady: number }).__fpReady = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      }, options.readySelector);
    }
    const page = await context.newPage();
    if (path === EMPTY_PAGE_PATH) await page.route(`**${EMPTY_PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: EMPTY_PAGE }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (options.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: options.network.latencyMs,
        downloadThroughput: (options.network.downloadKbps * 1024) / 8,
        uploadThroughput: (options.network.uploadKbps * 1024) / 8,
      });
    }
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
    let ready: number | null = null;
    if (options.readySelector) {
      await page.locator(options.readySelector).first().waitFor();
      ready = await page.evaluate(() => (window as unknown as { __fpReady: number }).__fpReady);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { fcp, ready };
  } finally {
    await context.close();
  }
}

/** A card of the phone feed's list (features/feed/mobile/FeedScreen.tsx). */
export const PHONE_CARD_SELECTOR = '.fp-m-row';

/**
 * The login page, the phone feed (signed in; its first paint and its first card shown, on the
 * loopback and on a slow 4G network) and the empty page, `rounds` times each, interleaved; medians.
 */
export async function firstPaints(browser: Browser, baseURL: string, signedIn: SignedIn, rounds: number) {
  const samples = { empty: [] as number[], login: [] as number[], phone: [] as number[], phoneCard: [] as number[], slowPhone: [] as number[], slowPhoneCard: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    samples.empty.push((await pageTimings(browser, baseURL, EMPTY_PAGE_PATH)).fcp);
    samples.login.push((await pageTimings(browser, baseURL, '/#/login')).fcp);
    const phone = await pageTimings(browser, baseURL, '/m/', { signedIn, viewport: { width: 390, height: 844 }, readySelector: PHONE_CARD_SELECTOR });
    samples.phone.push(phone.fcp);
    samples.phoneCard.push(phone.ready!);
    const slow = await pageTimings(browser, baseURL, '/m/', { signedIn, viewport: { width: 390, height: 844 }, readySelector: PHONE_CARD_SELECTOR, network: SLOW_4G });
    samples.slowPhone.push(slow.fcp);
    samples.slowPhoneCard.push(slow.ready!);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const medians = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)]));
  return medians as Record<keyof typeof samples, number>;
}

/** Debian's Chromium as the journeys launch it (playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
