import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, HTTP, message } from '@field-portal/shared';
import { ACCESS_TOKEN_KEY, readAccessToken, readRefreshToken, REFRESH_TOKEN_KEY, saveTokens } from '../session/tokens';
import { createHttpClient, type HttpClientDeps } from './client';
import { HttpError } from './errors';
import { TransportError, type Transport, type TransportReply, type TransportRequest } from './transport';

const NOW = 1_800_000_000_000;

interface Seen {
  /** Without the query. */
  url: string;
  method: string;
  authorization: string | undefined;
  headers: Record<string, string>;
  /** The query sent, as name → value; undefined when there was none. */
  params: Record<string, string> | undefined;
  data: unknown;
  request: TransportRequest;
}

function reply(status: number, data: unknown): TransportReply {
  return { status, data };
}

/** A fake transport: records what was sent and answers with `route`. */
function fakeTransport(route: (seen: Seen) => TransportReply | Promise<TransportReply>) {
  const seen: Seen[] = [];
  const transport: Transport = async (request) => {
    const [url, query] = request.url.split('?');
    const entry: Seen = {
      url: url!,
      method: request.method.toLowerCase(),
      authorization: request.headers.Authorization,
      headers: request.headers,
      params: query === undefined ? undefined : Object.fromEntries(new URLSearchParams(query)),
      data: request.body,
      request,
    };
    seen.push(entry);
    return route(entry);
  };
  return { transport, seen };
}

const tokens = (access: string, refresh: string) => ({
  access_token: access,
  token_type: 'Bearer' as const,
  expires_in: 900,
  refresh_token: refresh,
  refresh_expires_in: 43_200,
});

function setup(route: Parameters<typeof fakeTransport>[0], overrides: Partial<HttpClientDeps> = {}) {
  const { transport, seen } = fakeTransport(route);
  const notify = vi.fn<HttpClientDeps['notify']>();
  const onSessionExpired = vi.fn();
  const client = createHttpClient({
    storage: localStorage,
    now: () => NOW,
    lang: () => 'zh',
    notify,
    onSessionExpired,
    transport,
    ...overrides,
  });
  return { client, http: client.instance, seen, notify, onSessionExpired };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  localStorage.clear();
  saveTokens(localStorage, tokens('old-access', 'old-refresh'), NOW);
});
afterEach(() => localStorage.clear());

describe('401 handling: one refresh for many callers', () => {
  it('three concurrent 401s make exactly one refresh call and all three are retried with the new token', async () => {
    const { http, seen, notify, onSessionExpired } = setup(async (req) => {
      if (req.url === API.system.token) {
        await delay(20);
        return reply(200, tokens('new-access', 'new-refresh'));
      }
      if (req.authorization === 'Bearer new-access') return reply(200, { code: 200, msg: 'ok', result: req.url });
      return reply(401, { code: 401, msg: '请先登录', result: null });
    });

    const urls = ['/API-SYSTEM/user/info', '/API-SYSTEM/menu/list', '/API-SYSTEM/home/statistics'];
    const results = await Promise.all(urls.map((url) => http.get(url)));

    expect(results.map((r) => (r.data as { result: unknown }).result)).toEqual(urls);
    const refreshCalls = seen.filter((s) => s.url === API.system.token);
    expect(refreshCalls).toHaveLength(1);
    // the refresh is form-encoded with grant_type, refresh_token and client id (spec 001 section 9.1)
    const form = new URLSearchParams(String(refreshCalls[0]!.data));
    expect(String(refreshCalls[0]!.headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('old-refresh');
    expect(form.get('client_id')).toBeTruthy();
    for (const url of urls) {
      const calls = seen.filter((s) => s.url === url);
      expect(calls.map((c) => c.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    }
    expect(readAccessToken(localStorage, NOW)).toBe('new-access');
    expect(readRefreshToken(localStorage, NOW)).toBe('new-refresh');
    expect(notify).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a refresh failure rejects every waiter, clears the tokens and ends the session once', async () => {
    const { http, seen, notify, onSessionExpired } = setup(async (req) => {
      if (req.url === API.system.token) {
        await delay(20);
        return reply(400, { code: 400, msg: 'The refresh token is invalid', result: null });
      }
      return reply(401, { code: 401, msg: '请先登录', result: null });
    });

    const outcomes = await Promise.allSettled(['/a', '/b', '/c'].map((url) => http.get(`/API-SYSTEM${url}`)));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    for (const o of outcomes) {
      const reason = (o as PromiseRejectedResult).reason as HttpError;
      expect(reason).toBeInstanceOf(HttpError);
      expect(reason.kind).toBe('sessionExpired');
    }
    expect(seen.filter((s) => s.url === API.system.token)).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('error', message('session.loginInvalid', 'zh'));
  });

  it('a 401 on a sign-in call is an answer: no refresh, the server message is shown', async () => {
    const { http, seen, notify } = setup(() => reply(401, { code: 401, msg: '用户名或密码错误', result: null }));
    await expect(http.post(API.system.login, { username: 'a', password: 'b' }, { authEndpoint: true })).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(seen.filter((s) => s.url === API.system.token)).toHaveLength(0);
    expect(notify).toHaveBeenCalledWith('error', '用户名或密码错误');
  });

  it('an expired access token is renewed before the request goes out', async () => {
    saveTokens(localStorage, tokens('old-access', 'old-refresh'), NOW - 901_000);
    localStorage.setItem(REFRESH_TOKEN_KEY, JSON.stringify({ token: 'old-refresh', expires: 43_200_000, startTime: NOW }));
    const { http, seen } = setup((req) =>
      req.url === API.system.token ? reply(200, tokens('new-access', 'new-refresh')) : reply(200, { code: 200, msg: 'ok', result: 1 }),
    );
    await Promise.all([http.get('/API-SYSTEM/x'), http.get('/API-SYSTEM/y')]);
    expect(seen.filter((s) => s.url === API.system.token)).toHaveLength(1);
    expect(seen.filter((s) => s.url !== API.system.token).map((s) => s.authorization)).toEqual(['Bearer new-access', 'Bearer new-access']);
  });
});

describe('refresh across browser tabs', () => {
  it('two tabs sharing the tokens and the refresh lock spend the refresh token once', async () => {
    let tail: Promise<unknown> = Promise.resolve();
    // A stand-in for navigator.locks: one task at a time, in order.
    const sharedLock = <T>(task: () => Promise<T>): Promise<T> => {
      const run = tail.then(task, task);
      tail = run.catch(() => undefined);
      return run;
    };
    let refreshCalls = 0;
    const route = async (req: Seen) => {
      if (req.url === API.system.token) {
        refreshCalls += 1;
        await delay(20);
        return reply(200, tokens('new-access', 'new-refresh'));
      }
      if (req.authorization === 'Bearer new-access') return reply(200, { code: 200, msg: 'ok', result: 'ok' });
      return reply(401, { code: 401, msg: '请先登录', result: null });
    };
    const tabA = setup(route, { withRefreshLock: sharedLock });
    const tabB = setup(route, { withRefreshLock: sharedLock });

    const results = await Promise.all([tabA.http.get('/API-SYSTEM/a'), tabB.http.get('/API-SYSTEM/b')]);

    expect(results.map((r) => (r.data as { result: unknown }).result)).toEqual(['ok', 'ok']);
    expect(refreshCalls).toBe(1);
    expect(readRefreshToken(localStorage, NOW)).toBe('new-refresh');
  });
});

describe('headers and the _t stamp', () => {
  it('sends loginSys, system, language and the bearer token on every request', async () => {
    const { http, seen } = setup(() => reply(200, { code: 200, msg: 'ok', result: null }), { lang: () => 'en' });
    await http.get('/API-SYSTEM/user/info');
    expect(seen[0]!.headers).toMatchObject({ loginSys: HTTP.loginSys, system: HTTP.system, language: 'en', Authorization: 'Bearer old-access' });
  });

  it('adds _t in seconds to GET queries and to POST, PUT and PATCH JSON bodies only', async () => {
    const { http, seen } = setup(() => reply(200, { code: 200, msg: 'ok', result: null }));
    const t = Math.floor(NOW / 1000);
    await http.get('/API-SYSTEM/user/info', { params: { isBrief: false } });
    await http.post('/API-SYSTEM/x', { a: 1 });
    await http.put('/API-SYSTEM/x', { b: 2 });
    await http.patch('/API-SYSTEM/x', { c: 3 });
    await http.post('/API-SYSTEM/form', new URLSearchParams({ a: '1' }));
    const file = new FormData();
    file.append('f', 'x');
    await http.post('/API-SYSTEM/upload', file);
    await http.delete('/API-SYSTEM/x');

    expect(seen[0]!.params).toEqual({ isBrief: 'false', _t: String(t) });
    expect(JSON.parse(seen[1]!.data as string)).toEqual({ a: 1, _t: t });
    expect(JSON.parse(seen[2]!.data as string)).toEqual({ b: 2, _t: t });
    expect(JSON.parse(seen[3]!.data as string)).toEqual({ c: 3, _t: t });
    expect(String(seen[4]!.data)).toBe('a=1');
    expect(seen[5]!.data).toBeInstanceOf(FormData);
    expect((seen[5]!.data as FormData).has('_t')).toBe(false);
    expect(seen[6]!.params).toBeUndefined();
  });

  it('uses the request timeout, and the download timeout for downloads', async () => {
    const timeouts: (number | undefined)[] = [];
    const { http } = setup((req) => {
      timeouts.push(req.request.timeoutMs);
      return reply(200, {});
    });
    await http.get('/API-SYSTEM/a');
    await http.get('/API-SYSTEM/b', { download: true, responseType: 'blob' });
    expect(timeouts).toEqual([HTTP.requestTimeoutMs, HTTP.downloadTimeoutMs]);
  });
});

describe('what goes on the wire', () => {
  it('sends plain objects as JSON, forms url-encoded, FormData without a content type of its own', async () => {
    const { http, seen } = setup(() => reply(200, { code: 200, msg: 'ok', result: null }));
    await http.post('/API-SYSTEM/json', [{ a: 1 }]);
    await http.post('/API-SYSTEM/form', new URLSearchParams({ a: '1' }));
    const file = new FormData();
    file.append('f', 'x');
    await http.post('/API-SYSTEM/upload', file);
    expect(seen[0]!.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.data as string)).toEqual([{ a: 1 }]);
    expect(seen[1]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=utf-8');
    expect(seen[2]!.headers['Content-Type']).toBeUndefined();
  });

  it('writes the query after any the URL has: arrays as key[], null empty, undefined left out', async () => {
    const { http, seen } = setup(() => reply(200, { code: 200, msg: 'ok', result: null }));
    await http.delete('/API-SYSTEM/x?templateName=a%20b', {
      params: { ids: [1, 2], empty: null, gone: undefined, text: 'a b,c:d', day: new Date(Date.UTC(2026, 0, 2)) },
    });
    expect(seen[0]!.request.url).toBe('/API-SYSTEM/x?templateName=a%20b&ids%5B%5D=1&ids%5B%5D=2&empty=&text=a+b,c:d&day=2026-01-02T00:00:00.000Z');
  });

  it("keeps the caller's headers, timeout, signal, response type and progress callback", async () => {
    const { http, seen } = setup(() => reply(200, { code: 200, msg: 'ok', result: null }));
    const controller = new AbortController();
    const onUploadProgress = vi.fn();
    await http.post('/API-SYSTEM/x', new FormData(), {
      headers: { username: 'rep01' },
      timeout: 1234,
      signal: controller.signal,
      responseType: 'blob',
      onUploadProgress,
    });
    expect(seen[0]!.headers).toMatchObject({ username: 'rep01', loginSys: HTTP.loginSys });
    expect(seen[0]!.request).toMatchObject({ method: 'POST', timeoutMs: 1234, signal: controller.signal, responseType: 'blob', onUploadProgress });
  });

  it('a cancelled call rejects as cancelled without a notice', async () => {
    const { http, notify } = setup(() => {
      throw new TransportError('cancelled');
    });
    await expect(http.get('/API-SYSTEM/x')).rejects.toMatchObject({ kind: 'cancelled' });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('success rule and error display', () => {
  it('rejects HTTP 450 silently', async () => {
    const { http, notify } = setup(() => reply(450, { code: 450, msg: 'quiet' }));
    await expect(http.get('/API-SYSTEM/x')).rejects.toMatchObject({ kind: 'silent', status: 450 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts a 2xx reply whose code is not 200 with its msg, unless suppressed', async () => {
    const { http, notify } = setup(() => reply(201, { code: 4001, msg: '卡片不存在' }));
    // the error says whether it was shown, so a screen never shows it a second time
    await expect(http.get('/API-SYSTEM/x')).rejects.toMatchObject({ kind: 'http', notified: true });
    expect(notify).toHaveBeenCalledWith('error', '卡片不存在');
    notify.mockClear();
    await expect(http.get('/API-SYSTEM/x', { suppressError: true })).rejects.toMatchObject({ kind: 'http', notified: false });
    expect(notify).not.toHaveBeenCalled();
  });

  it('warns on 403 and 404, errors on 500, using the server message when present', async () => {
    const answers: Record<string, [number, unknown]> = {
      '/f': [403, { code: 403 }],
      '/n': [404, { code: 404, msg: 'Not found' }],
      '/e': [500, ''],
    };
    const { http, notify } = setup((req) => {
      const [status, body] = answers[req.url]!;
      return reply(status, body);
    });
    await Promise.allSettled(['/f', '/n', '/e'].map((u) => http.get(u)));
    expect(notify.mock.calls).toEqual([
      ['warning', message('http.403', 'zh')],
      ['warning', 'Not found'],
      ['error', message('http.500', 'zh')],
    ]);
  });

  it('reports a network failure and a timeout with the catalogue texts', async () => {
    const { http, notify } = setup((req) => {
      throw new TransportError(req.url === '/slow' ? 'timeout' : 'network');
    });
    await expect(http.get('/net')).rejects.toMatchObject({ kind: 'network' });
    await expect(http.get('/slow')).rejects.toMatchObject({ kind: 'timeout' });
    expect(notify.mock.calls).toEqual([
      ['warning', message('http.network', 'zh')],
      ['error', message('http.timeout', 'zh')],
    ]);
  });
});
