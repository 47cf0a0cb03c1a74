import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEED_MESSAGES, MESSAGES } from '@field-portal/shared';
import { addLabels, addMessages, i18n, messageText, reloadCatalogue } from './index';

const feed = { zh: { 'test.feed.title': '员工卡片' }, en: { 'test.feed.title': 'Employee cards' } };
const messaging = { zh: { 'test.messaging.title': '消息' }, en: { 'test.messaging.title': 'Messages' } };

describe('area labels loaded with their screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are not in the entry, and once added speak both languages', () => {
    expect(i18n.exists('test.feed.title')).toBe(false);
    expect(i18n.exists('common.retry')).toBe(true);
    addLabels(feed);
    expect(i18n.t('test.feed.title', { lng: 'zh' })).toBe('员工卡片');
    expect(i18n.t('test.feed.title', { lng: 'en' })).toBe('Employee cards');
  });

  it('leave the run-time catalogue its precedence, whichever arrives first', async () => {
    const key = 'test.messaging.title';
    const catalogue = (lang: string) => (lang === 'zh' ? { [key]: '目录里的文字', 'common.ok': '好' } : {});
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(new Response(JSON.stringify({ result: catalogue(new URL(url, 'http://x').searchParams.get('langType') ?? '') }))),
    );
    await reloadCatalogue();
    addLabels(messaging);
    expect(i18n.t(key, { lng: 'zh' })).toBe('目录里的文字');
    expect(i18n.t(key, { lng: 'en' })).toBe('Messages');
    expect(i18n.t('common.ok', { lng: 'zh' })).toBe('好');
    // Fetched again: the area's labels stay the fallback under the catalogue.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ result: {} }))));
    await reloadCatalogue();
    expect(i18n.t(key, { lng: 'zh' })).toBe('消息');
    expect(i18n.t('common.ok', { lng: 'zh' })).toBe('确定');
  });

  it('redraw the screens only when the catalogue changes a word, not as an area loads', async () => {
    const redraws = vi.fn();
    i18n.store.on('added', redraws);
    i18n.store.on('removed', redraws);
    try {
      addLabels({ zh: { 'test.surveys.title': '问卷' }, en: { 'test.surveys.title': 'Surveys' } });
      expect(i18n.t('test.surveys.title', { lng: 'en' })).toBe('Surveys');
      // A catalogue holding the words already shown: nothing to draw again.
      vi.stubGlobal('fetch', (url: string) =>
        Promise.resolve(
          new Response(JSON.stringify({ result: new URL(url, 'http://x').searchParams.get('langType') === 'zh' ? { 'test.surveys.title': '问卷' } : {} })),
        ),
      );
      await reloadCatalogue();
      expect(redraws).not.toHaveBeenCalled();
      // A word edited on the languages screen shows at once.
      vi.stubGlobal('fetch', (url: string) =>
        Promise.resolve(
          new Response(JSON.stringify({ result: new URL(url, 'http://x').searchParams.get('langType') === 'zh' ? { 'test.surveys.title': '调查问卷' } : {} })),
        ),
      );
      await reloadCatalogue();
      expect(redraws).toHaveBeenCalled();
      expect(i18n.t('test.surveys.title', { lng: 'zh' })).toBe('调查问卷');
    } finally {
      i18n.store.off('added', redraws);
      i18n.store.off('removed', redraws);
    }
  });

  it("the shared messages: the core ones at once, an area's once its screens have loaded", () => {
    expect(messageText('http.timeout', 'en')).toBe(MESSAGES['http.timeout'].en);
    const [key] = Object.keys(FEED_MESSAGES) as (keyof typeof FEED_MESSAGES)[];
    expect(messageText(key!, 'zh')).toBe(key);
    addMessages(FEED_MESSAGES);
    expect(messageText(key!, 'zh')).toBe(MESSAGES[key!].zh);
    expect(messageText('login.locked', 'en', { seconds: 30 })).toBe('Too many failed sign-ins, try again in 30 seconds');
  });
});
