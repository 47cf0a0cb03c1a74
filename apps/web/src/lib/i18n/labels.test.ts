import { afterEach, describe, expect, it, vi } from 'vitest';
import { addLabels, i18n, reloadCatalogue } from './index';
import * as feed from './labels/feed';
import * as messaging from './labels/messaging';

describe('area labels loaded with their screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are not in the entry, and once added speak both languages', () => {
    expect(i18n.exists('feed.title')).toBe(false);
    expect(i18n.exists('common.retry')).toBe(true);
    addLabels(feed);
    expect(i18n.t('feed.title', { lng: 'zh' })).toBe(feed.zh['feed.title']);
    expect(i18n.t('feed.title', { lng: 'en' })).toBe(feed.en['feed.title']);
  });

  it('leave the run-time catalogue its precedence, whichever arrives first', async () => {
    const [key] = Object.keys(messaging.zh) as (keyof typeof messaging.zh)[];
    const catalogue = (lang: string) => (lang === 'zh' ? { [key!]: '目录里的文字', 'common.ok': '好' } : {});
    vi.stubGlobal('fetch', (url: string) => Promise.resolve(new Response(JSON.stringify({ result: catalogue(new URL(url, 'http://x').searchParams.get('langType') ?? '') }))));
    await reloadCatalogue();
    addLabels(messaging);
    expect(i18n.t(key!, { lng: 'zh' })).toBe('目录里的文字');
    expect(i18n.t(key!, { lng: 'en' })).toBe(messaging.en[key!]);
    expect(i18n.t('common.ok', { lng: 'zh' })).toBe('好');
    // Fetched again: the area's labels stay the fallback under the catalogue.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ result: {} }))));
    await reloadCatalogue();
    expect(i18n.t(key!, { lng: 'zh' })).toBe(messaging.zh[key!]);
    expect(i18n.t('common.ok', { lng: 'zh' })).toBe('确定');
  });
});
