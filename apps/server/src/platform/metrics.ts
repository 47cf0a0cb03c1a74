import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import { API } from '@field-portal/shared';
import type { Database } from '../db/client.js';
import { BUILD_INFO } from './build-info.js';
import type { AppContext } from './context.js';
import { unauthorized } from './errors.js';
import { registerProcessMetrics, type ProcessMetrics } from './process-metrics.js';
import { RequestDurations } from './request-durations.js';

/** Where a job's figures come from: its table (every instance's jobs) or this process. */
interface JobRow {
  kind: string;
  status: string;
  n: number | string;
  oldest: number | string | null;
}

/**
 * The job runner's queues (platform/jobs; the kind is the queue's name), read in one prepared
 * statement per scrape (docs/decisions/0038, 0047): the download centre's exports, the import
 * centre's dry runs and commits, doctor intelligence's recomputes and suggestions (queued, running,
 * failed; the oldest queued one's age) and the pushes due but not fired, whose oldest is the push
 * scheduler's lag. Each part reads a status index (or, for pushes, the due index), not the table;
 * the import jobs' failed ones are few (a person's uploads) and read from the table.
 */
const JOBS_QUERY = `
  select kind, status, count(*) as n, extract(epoch from now() - min(created_at))::float8 as oldest from (
    select 'download' as kind, status, created_at from download_jobs where status in ('queued', 'running', 'failed')
    union all
    select 'import', status, created_at from import_jobs where status in ('queued', 'running', 'failed')
    union all
    select 'recompute', status, created_at from intel_jobs where status in ('queued', 'running', 'failed')
    union all
    select 'suggestions', status, created_at from intel_suggestion_jobs where status in ('queued', 'running', 'failed')
  ) jobs group by kind, status
  union all
  select 'push', 'queued', count(*), extract(epoch from now() - min(push_date))::float8 from pushes where status = 'queued' and push_date <= now()`;

/** The table-backed job kinds, so a kind with nothing waiting shows 0 rather than vanishing. */
const JOB_KINDS = ['download', 'import', 'recompute', 'suggestions', 'push'] as const;
const JOB_STATES = ['queued', 'running', 'failed'] as const;

/** What the job runner of this process reports: its queues' and periodic work's names, and which run now. */
export interface LocalJobs {
  readonly names: string[];
  busy(name: string): boolean;
}

/**
 * The Prometheus figures of one app instance: a registry of its own (never prom-client's global
 * one), so two apps in one process (tests, the benchmarks) each count their own.
 */
export class PortalMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestDurations(
    'portal_http_request_duration_seconds',
    'HTTP requests by route pattern (never the raw URL), method and status class, with their duration',
  );
  private readonly signIns: Counter<'method' | 'outcome'>;
  private readonly process: ProcessMetrics;
  private localJobs: LocalJobs = { names: [], busy: () => false };
  private jobs!: Gauge<'kind' | 'state'>;
  private oldestQueued!: Gauge<'kind'>;
  private pushLag!: Gauge;
  readonly sentimentRescored: Counter;
  readonly jobRunsFailed: Counter<'kind'>;

  constructor(
    private readonly database: Database,
    /** The STOMP hub's figures, once the real-time endpoint is registered. */
    private stomp: () => { connections: number; sessions: number; frames: { received: number; sent: number } } | undefined = () => undefined,
  ) {
    const registers = [this.registry];
    // Event-loop lag (nodejs_eventloop_lag_*), CPU time, memory: read at the scrape.
    this.process = registerProcessMetrics(registers);
    this.signIns = new Counter({
      name: 'portal_sign_ins_total',
      help: 'Sign-in attempts by method (password, sso) and outcome (success, failure, throttled, error)',
      labelNames: ['method', 'outcome'],
      registers,
    });
    this.sentimentRescored = new Counter({
      name: 'portal_sentiment_items_rescored_total',
      help: 'Opinion items rescored by this instance after a lexicon change',
      registers,
    });
    this.jobRunsFailed = new Counter({
      name: 'portal_job_runs_failed_total',
      help: 'Background job runs of this instance that ended in an error, by kind',
      labelNames: ['kind'],
      registers,
    });
    new Gauge({
      name: 'portal_build_info',
      help: 'The portal version and the git commit it was built from',
      labelNames: ['version', 'commit'],
      registers,
      collect() {
        this.set({ version: BUILD_INFO.version, commit: BUILD_INFO.commit }, 1);
      },
    });
    this.databaseGauges(registers);
    this.jobGauges(registers);
    this.stompGauges(registers);
  }

  /** The real-time hub, once registered (it is built after the metrics). */
  watchStomp(figures: () => { connections: number; sessions: number; frames: { received: number; sent: number } }): void {
    this.stomp = figures;
  }

  /** The job runner of this process (which of its jobs run is read at each scrape). */
  watchJobs(runner: LocalJobs): void {
    this.localJobs = runner;
  }

  observeRequest(request: FastifyRequest, statusCode: number, seconds: number): void {
    // Unmatched URLs (404s, probes) share one label: a raw URL would make a series per scanner guess.
    const route = request.routeOptions.url ?? 'unmatched';
    this.requests.observe(request.method, route, statusCode, seconds);
    if (request.method === 'POST' && (route === API.system.login || route === API.sso.signIn)) {
      this.signIns.inc({ method: route === API.system.login ? 'password' : 'sso', outcome: signInOutcome(statusCode) });
    }
  }

  private databaseGauges(registers: Registry[]): void {
    const database = this.database;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database connections of this instance by state: open, busy (running a statement or a transaction), waiting (callers waiting for one)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = database.stats();
        this.set({ state: 'open' }, stats.connections);
        this.set({ state: 'busy' }, stats.busy);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Counter({
      name: 'portal_db_query_errors_total',
      help: 'Statements of this instance that failed (the connection or the statement)',
      registers,
      collect() {
        this.reset();
        this.inc(database.stats().queryErrors);
      },
    });
    new Gauge({
      name: 'portal_db_listen_down',
      help: 'LISTEN connections (real-time across instances) down and reconnecting',
      registers,
      collect() {
        this.set(database.listenersDown());
      },
    });
  }

  private jobGauges(registers: Registry[]): void {
    const localJobs = () => this.localJobs;
    this.jobs = new Gauge({
      name: 'portal_jobs',
      help: 'Background jobs by kind and state, across every instance (from their tables); push: pushes due and not fired',
      labelNames: ['kind', 'state'],
      registers,
    });
    this.oldestQueued = new Gauge({
      name: 'portal_jobs_oldest_queued_seconds',
      help: 'Age of the oldest queued job by kind (0 when none waits)',
      labelNames: ['kind'],
      registers,
    });
    this.pushLag = new Gauge({
      name: 'portal_push_scheduler_lag_seconds',
      help: 'Now minus the due time of the oldest due push not yet fired (0 when none)',
      registers,
    });
    new Gauge({
      name: 'portal_jobs_running_here',
      help: 'Jobs of this instance running now, by kind (queues and periodic work of its job runner)',
      labelNames: ['kind'],
      registers,
      collect() {
        const runner = localJobs();
        for (const kind of runner.names) this.set({ kind }, runner.busy(kind) ? 1 : 0);
      },
    });
  }

  /**
   * One scrape: the job figures (one statement; prom-client collects its metrics concurrently, so
   * three gauges filled by one query are set before, not in their collect()) after the process's
   * figures, then the text.
   */
  async render(): Promise<string> {
    // The lag first: PGlite runs the job statement on this thread, and the lag is the loop's, not this scrape's.
    await this.process.read();
    // The database down: the job figures are left out of this scrape (readiness says why).
    const found = await this.database.queryPrepared<JobRow>('portal_metrics_jobs', JOBS_QUERY).catch(() => undefined);
    this.jobs.reset();
    this.oldestQueued.reset();
    this.pushLag.reset();
    if (found) {
      for (const kind of JOB_KINDS) {
        for (const state of JOB_STATES) if (kind !== 'push' || state === 'queued') this.jobs.set({ kind, state }, 0);
        this.oldestQueued.set({ kind }, 0);
      }
      this.pushLag.set(0);
      for (const row of found) {
        this.jobs.set({ kind: row.kind, state: row.status }, Number(row.n));
        if (row.status === 'queued') this.oldestQueued.set({ kind: row.kind }, Math.max(0, Number(row.oldest ?? 0)));
        if (row.kind === 'push') this.pushLag.set(Math.max(0, Number(row.oldest ?? 0)));
      }
    }
    // The request durations are kept outside prom-client (platform/request-durations.ts) and written after its figures.
    return `${await this.registry.metrics()}\n${this.requests.text()}`;
  }

  /** Stops sampling the event-loop delay (the app closes). */
  stop(): void {
    this.process.stop();
  }

  private stompGauges(registers: Registry[]): void {
    const figures = () => this.stomp();
    new Gauge({
      name: 'portal_stomp_connections',
      help: 'STOMP WebSocket connections of this instance: open, and signed in (past CONNECT)',
      labelNames: ['state'],
      registers,
      collect() {
        const f = figures();
        this.set({ state: 'open' }, f?.connections ?? 0);
        this.set({ state: 'signed_in' }, f?.sessions ?? 0);
      },
    });
    new Counter({
      name: 'portal_stomp_frames_total',
      help: 'STOMP frames of this instance by direction (heart-beats aside)',
      labelNames: ['direction'],
      registers,
      collect() {
        const f = figures()?.frames ?? { received: 0, sent: 0 };
        this.reset();
        this.inc({ direction: 'received' }, f.received);
        this.inc({ direction: 'sent' }, f.sent);
      },
    });
  }
}

function signInOutcome(statusCode: number): 'success' | 'failure' | 'throttled' | 'error' {
  if (statusCode < 300) return 'success';
  if (statusCode === 429) return 'throttled';
  if (statusCode === 401 || statusCode === 403) return 'failure';
  return 'error';
}

const instances = new WeakMap<AppContext, PortalMetrics>();

/** The metrics of an app; undefined while they are off (METRICS_TOKEN not set). */
export function portalMetrics(ctx: AppContext): PortalMetrics | undefined {
  return instances.get(ctx);
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  // Digests of equal length: timingSafeEqual needs them, and the token's length does not leak.
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b) && given.length > 0;
}

/**
 * GET /metrics in the Prometheus text format, only when METRICS_TOKEN is set (otherwise the route
 * does not exist: 404) and only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 */
export async function registerMetrics(app: FastifyInstance): Promise<PortalMetrics | undefined> {
  const token = app.ctx.config.metricsToken;
  if (!token) return undefined;
  const metrics = new PortalMetrics(app.ctx.database);
  instances.set(app.ctx, metrics);
  app.addHook('onClose', () => metrics.stop());
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get(
    API.metrics,
    { config: { public: true, raw: true }, schema: { tags: ['health'], summary: 'Prometheus metrics (METRICS_TOKEN as a bearer token)', hide: true } },
    async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized();
      }
      const text = await metrics.render();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
  return metrics;
}
