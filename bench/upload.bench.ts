import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { freePort, login, median, report, SMALL, startPortal, startProcess, stopProcess, until } from './lib.js';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** The attachment: 50 MB (the spec's limit is 52428800 bytes), 5 MB in a small run; PDF bytes so its type is known. */
function attachmentBytes(size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

/**
 * One multipart upload over HTTP, the file streamed in 64 KiB chunks, to the portal or to the bare
 * `sink`; resolves with the seconds it took. The portal's file is deleted afterwards (outside the
 * timing), as the references delete theirs: dirty pages of earlier rounds would otherwise be
 * flushed during later ones and slow only the upload.
 */
async function uploadOnce(url: string, token: string, cardId: number, bytes: Buffer, sink?: string): Promise<number> {
  const boundary = `----fpbench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${cardId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  const request = http.request(sink ?? `${url}/API-XJP/IdataCardInfo/uploadCardFile`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + bytes.length + tail.length,
    },
  });
  const response = once(request, 'response') as Promise<[http.IncomingMessage]>;
  request.write(head);
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    if (!request.write(bytes.subarray(offset, offset + CHUNK))) await once(request, 'drain');
  }
  request.end(tail);
  const [res] = await response;
  let body = '';
  for await (const chunk of res) body += chunk;
  const seconds = (performance.now() - started) / 1000;
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${body}`);
  if (sink) return seconds;
  const uploaded = (JSON.parse(body) as { data: { url: string; no: string } }).data;
  const deleted = await fetch(`${url}/API-XJP/IdataCardInfo/deleteCardFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ no: uploaded.no, url: uploaded.url }),
  });
  if (!deleted.ok) throw new Error(`delete failed: ${deleted.status}`);
  return seconds;
}

/** The same bytes written to a file with fs, in the same chunks: the reference. */
async function writeOnce(dir: string, bytes: Buffer): Promise<number> {
  const file = path.join(dir, `ref-${crypto.randomUUID()}`);
  const started = performance.now();
  const out = fs.createWriteStream(file);
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    if (!out.write(bytes.subarray(offset, offset + CHUNK))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(file, { force: true });
  return seconds;
}

/** Resident set size of a process, from /proc/<pid>/status (VmRSS, kB). */
function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Samples a process's resident set size every 20 ms until stopped; answers the peak seen. */
function sampleRss(pid: number): { stop(): number } {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssBytes(pid));
    },
  };
}

/**
 * Issue: a 50 MB attachment uploaded as multipart to uploadCardFile. Throughput against
 * writing the same bytes with fs (budget >= 50%), shown beside a bare Node server piping the
 * same request to a file; and the server's peak RSS growth during the uploads (budget
 * < 100 MB: the file is streamed, never held in memory).
 */
async function attachmentUpload() {
  const size = SMALL ? 5 * MB : 50 * MB;
  const rounds = SMALL ? 1 : 7;
  const bytes = attachmentBytes(size);
  const portal = await startPortal();
  const refDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-ref-'));
  const sinkPort = await freePort();
  const sink = startProcess('bench/fixtures/upload-sink.ts', { PORT: String(sinkPort), SINK_DIR: refDir });
  const sinkUrl = `http://127.0.0.1:${sinkPort}/`;
  try {
    await until(async () => (await fetch(sinkUrl, { method: 'POST', body: '' })).ok, sink);
    const pid = portal.process.pid!;
    const token = await login(portal.url, 'operator');
    const idRes = await fetch(`${portal.url}/API-XJP/IdataCardInfo/newCardId`, { headers: { authorization: `Bearer ${token}` } });
    const cardId = ((await idRes.json()) as { data: { id: number } }).data.id;
    // The RSS of the idle server, signed in, before any upload: the growth counts from here.
    const baseline = rssBytes(pid);
    const sampler = sampleRss(pid);
    // Warm-up at full size: the stream code is compiled, the connection and the page cache are ready.
    for (let i = 0; i < (SMALL ? 1 : 2); i++) {
      await uploadOnce(portal.url, token, cardId, bytes);
      await writeOnce(refDir, bytes);
      await uploadOnce(portal.url, token, cardId, bytes, sinkUrl);
    }
    const uploads: number[] = [];
    const writes: number[] = [];
    const sinks: number[] = [];
    // Alternating rounds, so that a busy moment of the machine slows all alike.
    for (let i = 0; i < rounds; i++) {
      writes.push(await writeOnce(refDir, bytes));
      uploads.push(await uploadOnce(portal.url, token, cardId, bytes));
      sinks.push(await uploadOnce(portal.url, token, cardId, bytes, sinkUrl));
    }
    const peakGrowth = sampler.stop() - baseline;
    const uploadMbps = size / MB / median(uploads);
    const writeMbps = size / MB / median(writes);
    const ratio = uploadMbps / writeMbps;
    report({
      name: `upload ${size / MB} MB attachment over HTTP multipart (median of ${rounds})`,
      value: uploadMbps,
      unit: `MB/s (${(ratio * 100).toFixed(0)}% of reference)`,
      budget: '>= 50% of the reference',
      // The bare HTTP-to-file sink shows what this machine's loopback HTTP allows at all.
      reference: `fs write of the same bytes ${writeMbps.toFixed(0)} MB/s; bare Node HTTP-to-file sink ${(size / MB / median(sinks)).toFixed(0)} MB/s`,
      ok: ratio >= 0.5,
    });
    report({
      name: `server peak RSS growth over ${rounds + 2} uploads, from the idle signed-in server (VmRSS every 20 ms)`,
      value: peakGrowth / MB,
      unit: 'MB',
      budget: '< 100 MB',
      reference: `file size ${size / MB} MB`,
      ok: peakGrowth < 100 * MB,
    });
  } finally {
    await portal.stop();
    await stopProcess(sink);
    fs.rmSync(refDir, { recursive: true, force: true });
  }
}

export async function run() {
  console.log('Uploads');
  await attachmentUpload();
}
