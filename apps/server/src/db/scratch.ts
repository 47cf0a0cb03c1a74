import crypto from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of its own on the PostgreSQL server of `adminUrl`, for the tests and the
 * benchmarks that run on PostgreSQL; `drop` removes it, connections and all.
 */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(`drop database if exists ${name} with (force)`) };
}
