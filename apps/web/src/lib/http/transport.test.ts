import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserTransport, fetchTransport, xhrTransport, type Transport, type TransportRequest } from './transport';

/** A real HTTP server on loopback: each path answers one way, and it says what it received. */
let server: http.Server;
let base = '';
const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // The test page's origin differs from the server's: answer the browser's CORS questions.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', '*');
    if (req.method === 'OPTIONS') return res.end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const path = req.url!.split('?')[0];
      if (path === '/json') {
        res.setHeader('Content-Type', 'application/json');
        return res.end(JSON.stringify({ code: 200, result: { echoed: Buffer.concat(chunks).toString() } }));
      }
      if (path === '/text') return res.end('plain words');
      if (path === '/empty') return res.end();
      if (path === '/file') {
        res.setHeader('Content-Type', 'application/octet-stream');
        return res.end(Buffer.from([1, 2, 3, 4]));
      }
      if (path === '/missing-file') {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'application/json');
        return res.end(JSON.stringify({ code: 404, msg: 'no such file' }));
      }
      if (path === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (over: Partial<TransportRequest>): TransportRequest => ({
  method: 'GET',
  url: `${base}/json`,
  headers: {},
  timeoutMs: 10_000,
  responseType: 'json',
  ...over,
});

describe.each<[string, Transport]>([
  ['fetch', fetchTransport],
  ['XMLHttpRequest', xhrTransport],
])('%s transport against a real server', (_name, transport) => {
  it('sends the method, headers and body, and parses a JSON reply', async () => {
    const reply = await transport(
      request({ method: 'POST', url: `${base}/json?a=1`, headers: { language: 'en', 'Content-Type': 'application/json' }, body: '{"x":1}' }),
    );
    expect(reply).toEqual({ status: 200, data: { code: 200, result: { echoed: '{"x":1}' } } });
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/json?a=1' });
    expect(last.headers.language).toBe('en');
  });

  it('gives text that is not JSON as it is, and an empty body as an empty string', async () => {
    expect(await transport(request({ url: `${base}/text` }))).toEqual({ status: 200, data: 'plain words' });
    expect(await transport(request({ url: `${base}/empty` }))).toEqual({ status: 200, data: '' });
  });

  it('reads a file as a Blob, and a failed download as its JSON error', async () => {
    const file = await transport(request({ url: `${base}/file`, responseType: 'blob' }));
    expect(file.status).toBe(200);
    expect([...new Uint8Array(await (file.data as Blob).arrayBuffer())]).toEqual([1, 2, 3, 4]);
    expect(await transport(request({ url: `${base}/missing-file`, responseType: 'blob' }))).toEqual({ status: 404, data: { code: 404, msg: 'no such file' } });
  });

  it('answers any status (the client applies the rules)', async () => {
    expect(await transport(request({ url: `${base}/nothing-here` }))).toEqual({ status: 500, data: '' });
  });

  it('fails with timeout when the server is slower than the limit', async () => {
    await expect(transport(request({ url: `${base}/slow`, timeoutMs: 100 }))).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('fails with cancelled when the caller aborts, before or during the call', async () => {
    const before = new AbortController();
    before.abort();
    await expect(transport(request({ url: `${base}/slow`, signal: before.signal }))).rejects.toMatchObject({ reason: 'cancelled' });
    const during = new AbortController();
    const call = transport(request({ url: `${base}/slow`, signal: during.signal }));
    setTimeout(() => during.abort(), 50);
    await expect(call).rejects.toMatchObject({ reason: 'cancelled' });
  });

  it('fails with network when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(transport(request({ url: `http://127.0.0.1:${port}/json` }))).rejects.toMatchObject({ reason: 'network' });
  });
});

describe('the browser transport', () => {
  it('reports upload progress up to the whole body when asked (over XMLHttpRequest)', async () => {
    const onUploadProgress = vi.fn();
    const body = 'x'.repeat(256 * 1024);
    const reply = await browserTransport(request({ method: 'POST', url: `${base}/json`, body, onUploadProgress }));
    expect(reply.status).toBe(200);
    expect(received.at(-1)!.body.length).toBe(body.length);
    expect(onUploadProgress).toHaveBeenCalled();
    const last = onUploadProgress.mock.calls.at(-1)![0] as { loaded: number; total?: number };
    expect(last.loaded).toBe(body.length);
  });
});
