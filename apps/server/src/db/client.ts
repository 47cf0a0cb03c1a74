import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR as migrationsFolder } from './paths.js';
import { fillFromSnapshot } from './snapshot.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw SQL text and returns its rows (benchmarks, health). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs a statement without parameters that is run often (a metrics scrape), prepared once per
   * connection under `name`: on PGlite planning it costs several times running it.
   */
  queryPrepared<T = Record<string, unknown>>(name: string, text: string): Promise<T[]>;
  close(): Promise<void>;
  /**
   * `COPY target FROM STDIN` (text format) of the lines `chunks` give, outside any transaction: on
   * PostgreSQL one statement streamed as the chunks come (the database takes one while the next is
   * made); PGlite takes a COPY's input whole, so there one statement per few MB of chunks. A chunk
   * source that throws ends the COPY without its rows (PostgreSQL) or after the statements before.
   */
  copyIn(target: string, chunks: AsyncIterable<string>): Promise<void>;
  /**
   * PostgreSQL LISTEN: calls `handler` with each payload sent on `channel` by any instance. While
   * the connection is down (a restart, a failover, a terminated backend) notifications are lost:
   * `events.down` says it went, `events.up` that it listens again, so the caller can catch up.
   */
  listen(channel: string, handler: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * The embedded database on disk only: copies its data folder to `target` (which must not exist)
   * while no query runs, after a checkpoint, so the copy opens as the database was at that moment.
   */
  copyTo?(target: string): Promise<void>;
  /** Connections and failed statements, for the metrics (docs/decisions/0038). */
  stats(): DatabaseStats;
  /** LISTEN connections that are down now (reconnecting); readiness is 503 while any is. */
  listenersDown(): number;
}

export interface DatabaseStats {
  /** Connections open (PostgreSQL: the pool's; PGlite: its one in-process connection). */
  connections: number;
  /** Connections running a statement or held by a transaction. */
  busy: number;
  /** Callers waiting for a connection (PGlite: statements queued behind the one running). */
  waiting: number;
  /** Statements that failed since the start (any error: the connection's or the statement's). */
  queryErrors: number;
}

export interface ListenEvents {
  /** The LISTEN connection ended; notifications sent from now on are not heard until `up`. */
  down?: () => void;
  /** The LISTEN connection is open again and listening (not called for the first open). */
  up?: () => void;
}

export interface OpenOptions {
  /** PostgreSQL URL; PGlite is used when absent. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; in memory when absent. */
  pgliteDir?: string | undefined;
  /** A ready PGlite directory that a fresh one is copied from (see snapshot.ts). */
  pgliteTemplate?: string | undefined;
  poolSize?: number;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize)
    : await openPglite(options.pgliteDir, options.pgliteTemplate);
  return database;
}

/** How long a dropped LISTEN connection waits before it is opened again. */
const LISTEN_RETRY_MS = 1000;

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle pooled connection the server closes is dropped by the pool; it must not crash the process.
  pool.on('error', () => undefined);
  let queryErrors = 0;
  pool.on('connect', (client) => countErrors(client, () => (queryErrors += 1)));
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  const listeners = new Set<pg.Client>();
  /** Channels whose LISTEN connection dropped and is not open again yet. */
  const down = new Set<object>();
  let shuttingDown = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async query(text, params) {
      const res = await pool.query(text, params as unknown[]);
      return res.rows;
    },
    async copyIn(target, chunks) {
      const client = await pool.connect();
      let done = false;
      try {
        await pipeline(Readable.from(chunks), client.query(copyFrom(`copy ${target} from stdin`)));
        done = true;
      } finally {
        // A COPY ended half way leaves the connection's state in doubt: it is closed, not pooled again.
        client.release(!done);
      }
    },
    async queryPrepared(name, text) {
      // node-postgres prepares a named statement on each pooled connection the first time it runs there.
      const res = await pool.query({ name, text });
      return res.rows;
    },
    async listen(channel, handler, events = {}) {
      // LISTEN needs a connection of its own, outside the pool. When the server drops it (a
      // restart, a failover) it is opened again a second later, until the listener is closed.
      let closed = false;
      let current: pg.Client | undefined;
      let wasDown = false;
      const self = {};
      const reopen = () => {
        if (!closed && !shuttingDown) setTimeout(() => void open().catch(reopen), LISTEN_RETRY_MS).unref();
      };
      const open = async () => {
        const client = new pg.Client({ connectionString: url });
        // A broken connection ends; 'end' reopens it. Without this handler the error would crash the process.
        client.on('error', () => undefined);
        client.on('notification', (n) => {
          if (n.channel === channel) handler(n.payload ?? '');
        });
        client.on('end', () => {
          listeners.delete(client);
          if (current === client) {
            current = undefined;
            if (!closed && !shuttingDown) {
              wasDown = true;
              down.add(self);
              events.down?.();
            }
            reopen();
          }
        });
        try {
          await client.connect();
          listeners.add(client);
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          listeners.delete(client);
          client.removeAllListeners('end');
          await client.end().catch(() => undefined);
          throw error;
        }
        if (closed || shuttingDown) {
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        down.delete(self);
        if (wasDown) {
          wasDown = false;
          events.up?.();
        }
      };
      await open();
      return async () => {
        closed = true;
        down.delete(self);
        const client = current;
        current = undefined;
        if (client) {
          listeners.delete(client);
          await client.end();
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    stats() {
      return { connections: pool.totalCount, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, queryErrors };
    },
    listenersDown: () => down.size,
    async close() {
      shuttingDown = true;
      const open = [...listeners];
      listeners.clear();
      await Promise.all(open.map((c) => c.end()));
      await pool.end();
    },
  };
}

/** Extensions the migrations create; PGlite ships them and loads them when asked. */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

/** How much COPY input PGlite is given at once (it holds a statement's input in memory). */
const PGLITE_COPY_CHARS = 4 * 1024 * 1024;

async function openPglite(dir: string | undefined, template: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dir) {
    await fillFromSnapshot(template, dir);
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, PGLITE_OPTIONS);
  } else {
    client = await PGlite.create(PGLITE_OPTIONS);
  }
  const counts = countPgliteStatements(client);
  /** Statements prepared on PGlite's one connection. */
  const prepared = new Map<string, Promise<void>>();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async query(text, params) {
      const res = await client.query(text, params as unknown[]);
      return res.rows as never[];
    },
    async copyIn(target, chunks) {
      let parts: string[] = [];
      let size = 0;
      const send = async () => {
        if (parts.length === 0) return;
        const blob = new Blob(parts);
        parts = [];
        size = 0;
        await client.query(`copy ${target} from '/dev/blob'`, [], { blob });
      };
      for await (const chunk of chunks) {
        parts.push(chunk);
        size += chunk.length;
        if (size >= PGLITE_COPY_CHARS) await send();
      }
      await send();
    },
    async queryPrepared(name, text) {
      let ready = prepared.get(name);
      if (!ready) {
        // Two scrapes at once prepare it once; a failed prepare is tried again next time.
        ready = client.exec(`prepare ${name} as ${text}`).then(() => undefined);
        prepared.set(name, ready);
        ready.catch(() => prepared.delete(name));
      }
      await ready;
      const res = await client.query(`execute ${name}`);
      return res.rows as never[];
    },
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    stats: () => ({
      connections: client.closed ? 0 : 1,
      busy: Math.min(counts.inFlight, 1),
      waiting: Math.max(counts.inFlight - 1, 0),
      queryErrors: counts.errors,
    }),
    listenersDown: () => 0,
    close: () => client.close(),
    ...(dir
      ? {
          // PGlite runs one query at a time: while this transaction holds it, nothing writes, and
          // after the checkpoint every change is in the folder's files (docs/decisions/0039).
          copyTo: (target: string) =>
            client.transaction(async (tx) => {
              await tx.exec('checkpoint');
              await fs.promises.cp(dir, target, { recursive: true, errorOnExist: true, force: false });
            }),
        }
      : {}),
  };
}

/**
 * Counts a pooled connection's failed statements. node-postgres has no event for them, so the
 * connection's query() is wrapped, in both its forms: with a callback (the pool's own query) and
 * answering a promise (drizzle).
 */
function countErrors(client: pg.PoolClient, failed: () => void): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const counting = (...args: unknown[]): unknown => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) failed();
        return (last as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result instanceof Promise) result.catch(failed);
    return result;
  };
  client.query = counting as typeof client.query;
}

/**
 * PGlite runs one statement at a time: the statements and transactions under way (one running,
 * the rest waiting their turn) and those that failed, counted around its query, exec and transaction.
 */
function countPgliteStatements(client: PGlite): { inFlight: number; errors: number } {
  const counts = { inFlight: 0, errors: 0 };
  const wrap =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      counts.inFlight += 1;
      try {
        return await run(...args);
      } catch (error) {
        counts.errors += 1;
        throw error;
      } finally {
        counts.inFlight -= 1;
      }
    };
  client.query = wrap(client.query.bind(client)) as typeof client.query;
  client.exec = wrap(client.exec.bind(client));
  client.transaction = wrap(client.transaction.bind(client)) as typeof client.transaction;
  return counts;
}

/** Runs a raw drizzle `sql` query and returns its rows; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await (db as Db).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
