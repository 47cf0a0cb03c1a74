import { describe, expect, it, vi } from 'vitest';
import type { MenuEntry } from '@field-portal/shared';
import {
  blankPayload,
  dashboardIdOf,
  frameHeight,
  readExportRequest,
  readShareFragment,
  REPORT_EXPORT_MESSAGE,
  reportState,
  shareFrameUrl,
} from './report-rules';
import { browserOf, EventQueue, systemOf } from './tracking';

const entry = (router: string, sort: number) => ({ router, sort }) as MenuEntry;
const payload = { id: 1, username: 'admin', name: 'Admin', email: 'a@x', department: 'IT', avatar: '/a.png', description: 'hello' };

describe('report screen rules (spec 000 sections 2, 5, 8; 001 section 2.6)', () => {
  it('takes the dashboard id from its own menu entry by router name', () => {
    const menu = [entry('readData', 115), entry('cardInfo', 118)];
    expect(dashboardIdOf(menu, 'cardInfo')).toBe(118);
    expect(dashboardIdOf(menu, 'systemAc')).toBeUndefined();
  });

  it('blanks department, avatar and description of the payload and keeps the rest', () => {
    expect(blankPayload(payload)).toEqual({ ...payload, department: '', avatar: '', description: '' });
    expect(payload.department).toBe('IT');
  });

  it('sizes the frame to the window height minus 99 px', () => {
    expect(frameHeight(900)).toBe(801);
    expect(frameHeight(50)).toBe(0);
  });

  it('"missing key field Token" when the share value or the token is missing: no frame', () => {
    for (const signOn of [
      { share: null, token: 't', payload },
      { share: '', token: 't', payload },
      { share: 's', token: undefined, payload },
      { share: 's', token: '', payload: null },
    ]) {
      expect(reportState('/bi/share', signOn, 'zh')).toEqual({ kind: 'missingToken' });
    }
  });

  it('frames the share page with the share value, token and blanked payload in the fragment', () => {
    const state = reportState('/bi/share', { share: 'a.b.c', token: 'd.e.f', payload }, 'en');
    expect(state.kind).toBe('ready');
    const url = (state as { url: string }).url;
    expect(url.startsWith('/bi/share#')).toBe(true);
    const read = readShareFragment(url.slice(url.indexOf('#')));
    expect(read).toEqual({ share: 'a.b.c', token: 'd.e.f', payload: { ...payload, department: '', avatar: '', description: '' }, lang: 'en' });
  });

  it('places the values where a configured external address asks for them', () => {
    const url = shareFrameUrl('https://bi.example.com/share.html?shareToken={share}&t={token}&p={payload}', { share: 's+1', token: 't', payload }, 'zh');
    expect(url).toContain('shareToken=s%2B1&t=t&p=');
    expect(decodeURIComponent(url.split('&p=')[1]!)).toContain('"avatar":""');
  });

  it('reads no link from an incomplete fragment', () => {
    expect(readShareFragment('#share=a')).toBeUndefined();
    expect(readShareFragment('#share=a&token=b&payload=not-json')?.payload).toEqual({});
  });
});

describe('usage tracking', () => {
  it('names the browser and the system', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    expect(browserOf(chrome)).toBe('Chrome 140');
    expect(systemOf(chrome)).toBe('Linux');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox 130');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36 Edg/140.0')).toBe('Edge 140');
  });

  it('batches events after a pause and never throws on a failed send', async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const queue = new EventQueue(async (events) => {
        sent.push(events.length);
        throw new Error('offline');
      }, 3000);
      const event = { operation: 'pageView', page: '/dashboard' };
      queue.add(event);
      queue.add(event);
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(3000);
      expect(sent).toEqual([2]);
      for (let i = 0; i < 50; i++) queue.add(event);
      expect(sent).toEqual([2, 50]);
      expect(queue.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('export requests of the share page', () => {
  it('keeps the filters of an export request and ignores other messages', () => {
    expect(readExportRequest({ type: REPORT_EXPORT_MESSAGE, startDate: '2020-03-01', endDate: '2020-03-31', bu: '', province: 7 })).toEqual({
      startDate: '2020-03-01',
      endDate: '2020-03-31',
    });
    expect(readExportRequest({ type: REPORT_EXPORT_MESSAGE, bu: 'x'.repeat(65) })).toEqual({});
    expect(readExportRequest({ type: 'other', startDate: '2020-03-01' })).toBeUndefined();
    expect(readExportRequest('fp-report-export')).toBeUndefined();
    expect(readExportRequest(null)).toBeUndefined();
  });
});
