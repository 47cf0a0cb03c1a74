import { useEffect, useRef } from 'react';
import { ANALYTICS_LIMITS, API, type UsageEvent } from '@field-portal/shared';
import { http } from '@/lib/http';
import { currentLang } from '@/lib/i18n';

/** The browser and its version from the user agent ("Chrome 140"), or the agent's first word. */
export function browserOf(userAgent: string): string {
  const known: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|Chromium)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari/, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.split(' ')[0] ?? '';
}

/** The operating system from the user agent. */
export function systemOf(userAgent: string): string {
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Android/.test(userAgent)) return 'Android';
  if (/iPhone|iPad/.test(userAgent)) return 'iOS';
  if (/Mac OS X/.test(userAgent)) return 'macOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return '';
}

/** The fields of spec 001 section 3 this browser knows; the server adds the user and the IP. */
export function usageEvent(operation: string, page: string, pageDetail: string): UsageEvent {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return {
    operation,
    page: page.slice(0, ANALYTICS_LIMITS.eventField),
    pageDetail: pageDetail.slice(0, ANALYTICS_LIMITS.eventField),
    location: `${window.location.origin}${window.location.pathname}`,
    language: currentLang(),
    screenSize: `${window.screen.width}x${window.screen.height}`,
    browser: browserOf(navigator.userAgent).slice(0, ANALYTICS_LIMITS.eventField),
    networkType: (connection?.effectiveType ?? '').slice(0, 32),
    system: systemOf(navigator.userAgent),
  };
}

/**
 * Events wait in a queue and go in one call after a pause (the spec's tracker wait, 3 s), or when
 * the page is hidden: tracking never holds up the interface, and a failure is dropped silently.
 */
export class EventQueue {
  private queue: UsageEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (events: UsageEvent[]) => Promise<unknown>,
    private readonly waitMs: number = ANALYTICS_LIMITS.trackFlushMs,
  ) {}

  add(event: UsageEvent): void {
    this.queue.push(event);
    if (this.queue.length >= ANALYTICS_LIMITS.eventsPerCall) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.waitMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0, ANALYTICS_LIMITS.eventsPerCall);
    if (batch.length > 0) void this.send(batch).catch(() => undefined);
    if (this.queue.length > 0) this.timer = setTimeout(() => this.flush(), this.waitMs);
  }

  get size(): number {
    return this.queue.length;
  }
}

const queue = new EventQueue((events) => http.post(API.analytics.insertEvent, events, { suppressError: true }));
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
}

/** Records a key action (opening a report, exporting, ...). */
export function trackAction(operation: string, page: string, detail = ''): void {
  queue.add(usageEvent(operation, page, detail));
}

/** Records a page view on every route change of the signed-in layout. */
export function usePageViews(pathname: string, title: string): void {
  // A view per route change; a language switch renames the title but is no new view.
  const titleRef = useRef(title);
  useEffect(() => {
    titleRef.current = title;
  }, [title]);
  useEffect(() => {
    if (pathname) queue.add(usageEvent('pageView', pathname, title || titleRef.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
