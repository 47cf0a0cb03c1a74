import crypto from 'node:crypto';
import pg from 'pg';

async function onServer<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The environment variable naming a test run whose scratch databases are marked as its own. */
export const SCRATCH_RUN = 'FP_SCRATCH_RUN';
const scratchRunComment = (run: string) => `scratch database of test run ${run}`;

/** The scratch databases that test run `run` marked and left on the server, dropped; their names. */
export function dropScratchDatabasesOfRun(adminUrl: string, run: string): Promise<string[]> {
  return onServer(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select d.datname from pg_database d join pg_shdescription c on c.objoid = d.oid and c.classoid = $1::regclass where c.description = $2',
      ['pg_database', scratchRunComment(run)],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname.replace(/"/g, '')}" with (force)`);
    return rows.map((row) => row.datname);
  });
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own on the PostgreSQL server of `adminUrl`, for the tests and the benchmarks
 * that run on PostgreSQL: empty, or a copy of `template`; `drop` removes it, connections and all.
 */
export async function scratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, async (admin) => {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    // The server suite marks its run's databases, and fails if one is left at its end (test/scratch.setup.ts).
    const run = process.env[SCRATCH_RUN];
    if (run) await admin.query(`comment on database ${name} is ${pg.escapeLiteral(scratchRunComment(run))}`);
  });
  return {
    url: databaseUrl(adminUrl, name),
    name,
    drop: () => onServer(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * The name of a template database `${prefix}_${key}`, made once by `fill` (given the new
 * database's URL; it must close its connections) and then copied by `scratchDatabase` — a file
 * copy on the server instead of a fresh seed for every test file. Runs sharing the server wait
 * for the one that makes it (an advisory lock on the name). A key ends with its day (`…_20261123`): templates
 * of earlier days are dropped when unused, while other keys of the same day stay, so two checkouts
 * of different code sharing one server do not drop each other's template.
 */
export async function templateDatabase(adminUrl: string, prefix: string, key: string, fill: (url: string) => Promise<void>): Promise<string> {
  const name = `${prefix}_${key}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return onServer(adminUrl, async (admin) => {
    const exists = async () => Boolean((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount);
    if (await exists()) return name;
    // The lock is the template's own: a run of other code building its template does not hold this one up.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      try {
        await fill(databaseUrl(adminUrl, building));
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      const day = name.slice(name.lastIndexOf('_'));
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1 and datname <> $2', [
        `${prefix}\\_%`,
        name,
      ]);
      for (const { datname } of rows.filter((row) => !row.datname.endsWith(day) && !row.datname.endsWith(`${day}_building`))) {
        // One still being copied by another run stays; it goes next time.
        await admin.query(`drop database if exists "${datname.replace(/"/g, '')}"`).catch(() => undefined);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}
