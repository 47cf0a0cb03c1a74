import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR, SERVER_SRC } from '../db/paths.js';

/** Runs one SQL text on one session and returns its rows. */
export type Query = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

/**
 * A row's text depends on the session (time zone, date and float output): every digest is taken
 * with these, so the same rows give the same digest on any server and in any backup.
 */
export const DIGEST_SESSION = [
  "set timezone to 'UTC'",
  "set datestyle to 'ISO, MDY'",
  "set intervalstyle to 'postgres'",
  'set extra_float_digits to 1',
  "set bytea_output to 'hex'",
];

const tableDigest = z.object({ rows: z.number().int().min(0), digest: z.string() });
const fileDigest = z.object({ size: z.number().int().min(0), sha256: z.string() });

export const manifestSchema = z.object({
  format: z.literal(1),
  portal: z.object({ version: z.string() }),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** What holds the database inside the backup: a PGlite data folder or a pg_dump custom-format file. */
    path: z.enum(['database', 'database.pgdump']),
    /** The last migration applied, by its tag in the journal (`0026_pair_days`), and when it was written. */
    lastMigration: z.object({ tag: z.string(), when: z.number() }),
  }),
  /** `schema.table` → row count and a digest of the rows' content. */
  tables: z.record(z.string(), tableDigest),
  /** Path under DATA_DIR/files → size and SHA-256. */
  files: z.record(z.string(), fileDigest),
  /** DATA_DIR's generated signing secret is in the backup (a JWT_SECRET from the environment is not). */
  signingSecret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type TableDigests = Manifest['tables'];
export type FileDigests = Manifest['files'];

/** The portal's version, from the repository's package.json (the release tag is `v<version>`). */
export function portalVersion(): string {
  const file = path.resolve(SERVER_SRC, '..', '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this portal carries, in order. */
export function journal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/**
 * The last migration a database has applied. Drizzle records each one's `when` from the journal
 * (created_at); a `when` this portal does not know is named by its time alone.
 */
export async function lastMigrationOf(query: Query): Promise<{ tag: string; when: number }> {
  const [row] = await query<{ when: string | number | null }>('select max(created_at)::text as "when" from drizzle.__drizzle_migrations');
  const when = Number(row?.when ?? 0);
  const known = journal().find((entry) => entry.when === when);
  return { tag: known?.tag ?? `unknown migration of ${new Date(when).toISOString()}`, when };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the portal (its own schema and drizzle's record of migrations): the row count and
 * a digest of the rows' text that does not depend on their physical order (a restore may lay them
 * out differently): the sums of two halves of each row's MD5, hashed. `columns` limits a table to
 * some of its columns (the upgrade test compares what an older version wrote).
 */
export async function tableDigests(query: Query, options: { columns?: Record<string, string[]>; only?: string[] } = {}): Promise<TableDigests> {
  for (const statement of DIGEST_SESSION) await query(statement);
  const tables = await query<{ name: string }>(
    "select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1",
  );
  const out: TableDigests = {};
  for (const { name } of tables) {
    if (options.only && !options.only.includes(name)) continue;
    const [schema, table] = name.split('.') as [string, string];
    const columns = options.columns?.[name];
    const rowText = columns ? `row(${columns.map((c) => `t.${quoteIdent(c)}`).join(', ')})::text` : 't::text';
    const [row] = await query<{ rows: string; a: string; b: string }>(
      `select count(*)::text as rows,
              coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric), 0)::text as a,
              coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric), 0)::text as b
         from (select md5(${rowText}) as h from ${quoteIdent(schema)}.${quoteIdent(table)} t) s`,
    );
    const digest = crypto.createHash('sha256').update(`${row!.rows}:${row!.a}:${row!.b}`).digest('hex');
    out[name] = { rows: Number(row!.rows), digest };
  }
  return out;
}

/** Files under `root` (an unfinished `.part` write is not a file yet): relative path → size and SHA-256. */
export async function fileDigests(root: string): Promise<FileDigests> {
  const out: FileDigests = {};
  if (!fs.existsSync(root)) return out;
  const names = (await fsp.readdir(root, { recursive: true })).map(String).sort();
  for (const name of names) {
    const file = path.join(root, name);
    const stat = await fsp.stat(file);
    if (!stat.isFile() || name.endsWith('.part')) continue;
    const hash = crypto.createHash('sha256');
    for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
    out[name.split(path.sep).join('/')] = { size: stat.size, sha256: hash.digest('hex') };
  }
  return out;
}

/** What differs between two sets of digests, one line each; empty when they agree. */
export function differences<T extends { rows: number; digest: string } | { size: number; sha256: string }>(
  what: string,
  expected: Record<string, T>,
  actual: Record<string, T>,
): string[] {
  const lines: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = actual[name];
    if (!got) lines.push(`${what} ${name}: missing`);
    else if (Object.entries(want).some(([key, value]) => (got as Record<string, unknown>)[key] !== value))
      lines.push(`${what} ${name}: ${JSON.stringify(got)}, the backup says ${JSON.stringify(want)}`);
  }
  for (const name of Object.keys(actual)) if (!(name in expected)) lines.push(`${what} ${name}: not in the backup`);
  return lines;
}
