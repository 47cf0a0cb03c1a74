import { describe, expect, it } from 'vitest';
import { REALTIME_FAILURE_STORAGE_KEY, STOMP } from '@field-portal/shared';
import { endpointUrl, NoticeCursor, recordFailure } from './channel';
import { dispatchNotice, onNotice } from './index';

describe('real-time channel helpers', () => {
  it('builds the endpoint on the page origin, wss on https', () => {
    expect(endpointUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/API-BEACON/ws/stomp/endpoint/app');
    expect(endpointUrl({ protocol: 'https:', host: 'portal.example' })).toBe('wss://portal.example/API-BEACON/ws/stomp/endpoint/app');
  });

  it('saves a failure to open the channel in local storage under its key', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const now = new Date('2026-01-02T03:04:05.000Z');
    recordFailure(storage, { url: 'ws://x', kind: 'websocket', reason: 'closed (1006)', attempts: 3 }, now);
    expect(JSON.parse(store.get(REALTIME_FAILURE_STORAGE_KEY)!)).toEqual({
      url: 'ws://x',
      kind: 'websocket',
      reason: 'closed (1006)',
      attempts: 3,
      time: now.toISOString(),
    });
  });

  it('hands notices to listeners until they stop listening', () => {
    const got: string[] = [];
    const stop = onNotice((n) => got.push(n.type));
    dispatchNotice({ type: 'chat.message', at: '', data: {} });
    stop();
    dispatchNotice({ type: 'card.delivered', at: '', data: {} });
    expect(got).toEqual(['chat.message']);
  });

  it('asks after a reconnect for the notices after the newest it saw, starting from the first CONNECTED', () => {
    const cursor = new NoticeCursor();
    expect(cursor.subscribeHeaders()).toEqual({});
    cursor.connected('40');
    expect(cursor.subscribeHeaders()).toEqual({ [STOMP.sinceHeader]: '40' });
    cursor.received('42');
    cursor.received('41');
    cursor.received(undefined);
    cursor.received('not a number');
    // The reconnect's CONNECTED names a newer number; the notices between 42 and it are still wanted.
    cursor.connected('50');
    expect(cursor.subscribeHeaders()).toEqual({ [STOMP.sinceHeader]: '42' });
  });

  it('starts from the first notice when CONNECTED names none', () => {
    const cursor = new NoticeCursor();
    cursor.connected(undefined);
    cursor.received('7');
    expect(cursor.subscribeHeaders()).toEqual({ [STOMP.sinceHeader]: '7' });
  });
});
