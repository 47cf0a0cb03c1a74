import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

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

/** Pages of `context` open signed in: the tokens as the web keeps them after signing in (lib/session/tokens.ts). */
export async function rememberSession(context: BrowserContext, signedIn: SignedIn): Promise<void> {
  await context.addInitScript((t: SignedIn) => {
    const now = Date.now();
    localStorage.setItem('token', JSON.stringify({ token: t.access_token, expires: t.expires_in * 1000, startTime: now }));
    localStorage.setItem('refresh_token', JSON.stringify({ token: t.refresh_token, expires: t.refresh_expires_in * 1000, startTime: now }));
  }, signedIn);
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
  options: {
    signedIn?: SignedIn;
    viewport?: BrowserContextOptions['viewport'];
    readySelector?: string;
    network?: typeof SLOW_4G;
    /** Once the page has settled (no request for 500 ms), tap the first `tap` and time until `shown` is in the page. */
    open?: { tap: string; shown: string };
  } = {},
): Promise<{ fcp: number; ready: number | null; opened: number | null }> {
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
  try {
    if (options.signedIn) await rememberSession(context, options.signedIn);
    // When each watched element first appears and when the first tap lands, noted by the page itself
    // so that no polling delay is counted. (No named function inside: the bench's TypeScript loader
    // would wrap it in a helper the page lacks.)
    const watched = [options.readySelector, options.open?.shown].filter((x): x is string => x !== undefined);
    if (watched.length > 0) {
      await context.addInitScript((selectors: string[]) => {
        const w = window as unknown as { __fpSeen: Record<string, number>; __fpTap?: number };
        w.__fpSeen = {};
        document.addEventListener('click', () => (w.__fpTap ??= performance.now()), true);
        new MutationObserver(() => {
          for (const selector of selectors) if (!(selector in w.__fpSeen) && document.querySelector(selector)) w.__fpSeen[selector] = performance.now();
        }).observe(document, { childList: true, subtree: true });
      }, watched);
    }
    const page = await context.newPage();
    if (path === EMPTY_PAGE_PATH)
      await page.route(`**${EMPTY_PAGE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: EMPTY_PAGE }));
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
    const seen = (selector: string) => page.evaluate((sel) => (window as unknown as { __fpSeen: Record<string, number> }).__fpSeen[sel]!, selector);
    let ready: number | null = null;
    if (options.readySelector) {
      await page.locator(options.readySelector).first().waitFor();
      ready = await seen(options.readySelector);
    }
    let opened: number | null = null;
    if (options.open) {
      await page.waitForLoadState('networkidle');
      await page.locator(options.open.tap).first().click();
      await page.locator(options.open.shown).first().waitFor();
      opened = (await seen(options.open.shown)) - (await page.evaluate(() => (window as unknown as { __fpTap: number }).__fpTap));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { fcp, ready, opened };
  } finally {
    await context.close();
  }
}

/** A card of the phone feed's list, and the body of the opened card (features/feed/mobile). */
export const PHONE_CARD_SELECTOR = '.fp-m-row';
export const PHONE_READER_SELECTOR = '.fp-m-reader-body';

/**
 * The login page, the phone feed (signed in; its first paint and its first card shown, on the
 * loopback and on a slow 4G network) and the empty page, `rounds` times each, interleaved; medians.
 * With `openCard`, also the time from tapping the feed's first card on slow 4G to its body shown
 * (it opens the card: only for a portal of its own, as the benchmark's).
 */
export async function firstPaints(browser: Browser, baseURL: string, signedIn: SignedIn, rounds: number, options: { openCard?: boolean } = {}) {
  const samples = {
    empty: [] as number[],
    login: [] as number[],
    phone: [] as number[],
    phoneCard: [] as number[],
    slowPhone: [] as number[],
    slowPhoneCard: [] as number[],
    slowOpen: [] as number[],
  };
  for (let i = 0; i < rounds; i++) {
    samples.empty.push((await pageTimings(browser, baseURL, EMPTY_PAGE_PATH)).fcp);
    samples.login.push((await pageTimings(browser, baseURL, '/#/login')).fcp);
    const phone = await pageTimings(browser, baseURL, '/m/', { signedIn, viewport: { width: 390, height: 844 }, readySelector: PHONE_CARD_SELECTOR });
    samples.phone.push(phone.fcp);
    samples.phoneCard.push(phone.ready!);
    const open = options.openCard ? { tap: PHONE_CARD_SELECTOR, shown: PHONE_READER_SELECTOR } : undefined;
    const slow = await pageTimings(browser, baseURL, '/m/', {
      signedIn,
      viewport: { width: 390, height: 844 },
      readySelector: PHONE_CARD_SELECTOR,
      network: SLOW_4G,
      open,
    });
    samples.slowPhone.push(slow.fcp);
    samples.slowPhoneCard.push(slow.ready!);
    if (slow.opened !== null) samples.slowOpen.push(slow.opened);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const medians = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, values.length > 0 ? median(values) : Number.NaN]));
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
