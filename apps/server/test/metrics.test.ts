import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register as globalRegistry } from 'prom-client';
import { API, message, STOMP } from '@field-portal/shared';
import { PortalMetrics, bearerMatches } from '../src/platform/metrics.js';
import { BUILD_INFO } from '../src/platform/build-info.js';
import { createHarness, type Harness } from './harness.js';
import { openStomp, type RawClient } from './stomp-client.js';

/** Issue 33: GET /metrics, off unless METRICS_TOKEN is set, then only with that bearer token. */
const TOKEN = 'metrics-token-0123456789';
let on: Harness;
let off: Harness;
let stomp: RawClient | undefined;

beforeAll(async () => {
  on = await createHarness(undefined, { METRICS_TOKEN: TOKEN });
  off = await createHarness();
});
afterAll(async () => {
  stomp?.ws.terminate();
  await on?.close();
  await off?.close();
});

async function scrape(h: Harness = on): Promise<string> {
  const res = await h.app.inject({ method: 'GET', url: API.metrics, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

/** The value of one series, e.g. `portal_jobs{kind="download",state="queued"}`; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics endpoint', () => {
  it('answers 404 while METRICS_TOKEN is not set, even with a token', async () => {
    const res = await off.app.inject({ method: 'GET', url: API.metrics, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the token, with another token or another scheme', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await on.app.inject({
        method: 'GET',
        url: API.metrics,
        headers: { ...(authorization === undefined ? {} : { authorization }), 'accept-language': 'en' },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().msg).toBe(message('auth.required', 'en'));
      expect(res.body).not.toContain('portal_');
    }
  });

  it('compares the bearer token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const { access } = await on.login('admin');
    for (const id of [987654321, 987654322]) {
      const res = await on.app.inject({ method: 'DELETE', url: `/API-SYSTEM/lang/${id}`, headers: on.auth(access) });
      expect(res.statusCode).toBe(404);
    }
    const ok = await on.app.inject({ method: 'GET', url: `${API.system.tenantInfo}?_t=123`, headers: on.auth(access) });
    expect(ok.statusCode).toBe(200);
    await on.app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const text = await scrape();
    expect(value(text, `portal_http_request_duration_seconds_count{method="DELETE",route="${API.admin.langById}",status_class="4xx"}`)).toBe(2);
    expect(value(text, `portal_http_request_duration_seconds_count{method="GET",route="${API.system.tenantInfo}",status_class="2xx"}`)).toBe(1);
    expect(value(text, `portal_http_request_duration_seconds_bucket{le="10",method="GET",route="${API.system.tenantInfo}",status_class="2xx"}`)).toBe(1);
    expect(value(text, `portal_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}`)).toBe(1);
    // The series' names and labels, without their values: a value may hold any digits (an event-loop
    // lag of 0.0232876310123456 s once held 12345).
    const series = text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(series.length).toBeGreaterThan(10);
    expect(series.filter((s) => s.includes('987654321') || s.includes('12345'))).toEqual([]);
  });

  it('counts sign-ins, failures and throttles', async () => {
    const before = await scrape();
    const count = (text: string, outcome: string) => value(text, `portal_sign_ins_total{method="password",outcome="${outcome}"}`) ?? 0;
    await on.login('rep01');
    const statuses: number[] = [];
    // Five wrong passwords from one address, then the sixth attempt waits (decision 0014).
    for (let i = 0; i < 6; i++) {
      const res = await on.app.inject({ method: 'POST', url: API.system.login, payload: { username: 'rep02', password: 'wrong-password' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const after = await scrape();
    expect(count(after, 'success') - count(before, 'success')).toBe(1);
    expect(count(after, 'failure') - count(before, 'failure')).toBe(5);
    expect(count(after, 'throttled') - count(before, 'throttled')).toBe(1);
  });

  it('shows each job kind queued, running, failed and the oldest waiting, and the push scheduler lag, from the rows', async () => {
    const db = on.database;
    const [admin] = await db.query<{ id: number }>(`select id from users where username = 'admin'`);
    const job = (status: string, ageSeconds: number, n: number) =>
      db.query(
        `insert into download_jobs (user_id, created_by, template_name, params, dedupe_key, lang, file_name, status, created_at)
         select $1, 'admin', 'doctors', '{}'::jsonb, 'metrics-' || $2 || '-' || $3::int || '-' || g, 'en', 'x.xlsx', $2, now() - make_interval(secs => $3::int)
           from generate_series(1, $4::int) g`,
        [admin!.id, status, ageSeconds, n],
      );
    await job('queued', 600, 1);
    await job('queued', 30, 2);
    await job('failed', 5, 1);
    await db.query(`insert into intel_jobs (status, created_at) values ('running', now())`);
    await db.query(
      `insert into import_jobs (user_id, created_by, kind, file_name, file_key, digest, size, lang, status, created_at)
       values ($1, 'admin', 'hospitals', 'a.csv', '-', 'metrics-a', 1, 'en', 'queued', now() - interval '45 seconds'),
              ($1, 'admin', 'hospitals', 'b.csv', '-', 'metrics-b', 1, 'en', 'failed', now())`,
      [admin!.id],
    );
    await db.query(`insert into intel_suggestion_jobs (status, created_at) values ('failed', now()), ('queued', now() - interval '120 seconds')`);
    // A push due 90 s ago and not fired: the scheduler (not running in this test) is 90 s behind.
    const [push] = await db.query<{ id: number }>(
      `update pushes set status = 'queued', push_date = now() - interval '90 seconds' where id = (select min(id) from pushes) returning id`,
    );
    expect(push).toBeDefined();
    const text = await scrape();
    expect(value(text, 'portal_jobs{kind="download",state="queued"}')).toBe(3);
    expect(value(text, 'portal_jobs{kind="download",state="running"}')).toBe(0);
    expect(value(text, 'portal_jobs{kind="download",state="failed"}')).toBe(1);
    expect(value(text, 'portal_jobs{kind="recompute",state="running"}')).toBe(1);
    expect(value(text, 'portal_jobs{kind="import",state="queued"}')).toBe(1);
    expect(value(text, 'portal_jobs{kind="import",state="running"}')).toBe(0);
    expect(value(text, 'portal_jobs{kind="import",state="failed"}')).toBe(1);
    expect(value(text, 'portal_jobs_oldest_queued_seconds{kind="import"}')).toBeGreaterThanOrEqual(45);
    expect(value(text, 'portal_jobs{kind="suggestions",state="failed"}')).toBe(1);
    expect(value(text, 'portal_jobs{kind="suggestions",state="queued"}')).toBe(1);
    expect(value(text, 'portal_jobs{kind="push",state="queued"}')).toBe(1);
    const oldestDownload = value(text, 'portal_jobs_oldest_queued_seconds{kind="download"}')!;
    expect(oldestDownload).toBeGreaterThanOrEqual(600);
    expect(oldestDownload).toBeLessThan(900);
    expect(value(text, 'portal_jobs_oldest_queued_seconds{kind="suggestions"}')).toBeGreaterThanOrEqual(120);
    expect(value(text, 'portal_jobs_oldest_queued_seconds{kind="recompute"}')).toBe(0);
    const lag = value(text, 'portal_push_scheduler_lag_seconds')!;
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(400);
    await db.query(`update pushes set status = 'fired' where id = $1`, [push!.id]);
    expect(value(await scrape(), 'portal_push_scheduler_lag_seconds')).toBe(0);
  });

  it('shows the database pool and its failed statements', async () => {
    const before = value(await scrape(), 'portal_db_query_errors_total')!;
    await expect(on.database.query('select * from no_such_table')).rejects.toThrow();
    const text = await scrape();
    expect(value(text, 'portal_db_query_errors_total')).toBe(before + 1);
    expect(value(text, 'portal_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'portal_db_listen_down')).toBe(0);
  });

  it('shows STOMP sessions and frames, event-loop lag, the process and the build', async () => {
    await on.app.listen({ port: 0, host: '127.0.0.1' });
    const { access } = await on.login('rep01');
    stomp = await openStomp(`ws://127.0.0.1:${(on.app.server.address() as AddressInfo).port}${STOMP.endpoint}`);
    await stomp.connect(access);
    stomp.send('SUBSCRIBE', { id: 'me', destination: STOMP.userTopic('rep01'), receipt: 'r1' });
    await stomp.next('RECEIPT');
    const text = await scrape();
    expect(value(text, 'portal_stomp_connections{state="open"}')).toBe(1);
    expect(value(text, 'portal_stomp_connections{state="signed_in"}')).toBe(1);
    // CONNECT and SUBSCRIBE in; CONNECTED and RECEIPT out.
    expect(value(text, 'portal_stomp_frames_total{direction="received"}')).toBe(2);
    expect(value(text, 'portal_stomp_frames_total{direction="sent"}')).toBe(2);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThan(0);
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(text, `portal_build_info{version="${BUILD_INFO.version}",commit="${BUILD_INFO.commit}"}`)).toBe(1);
    expect(BUILD_INFO.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('keeps each instance its own registry, none in the global one', async () => {
    const a = new PortalMetrics(on.database);
    const b = new PortalMetrics(on.database);
    a.jobRunsFailed.inc({ kind: 'download' });
    expect(value(await a.render(), 'portal_job_runs_failed_total{kind="download"}')).toBe(1);
    expect(value(await b.render(), 'portal_job_runs_failed_total{kind="download"}')).toBeUndefined();
    expect(await globalRegistry.metrics()).not.toContain('portal_');
    a.stop();
    b.stop();
  });
});
