import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@field-portal/shared';
import { openDatabase } from '../src/db/client.js';
import { fillFromSnapshot } from '../src/db/snapshot.js';
import { buildDemoTemplate, pruneStaleSnapshots } from '../src/seed/template.js';
import { freePort } from './free-port.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for a database folder: PG_VERSION marks it, as in a real one. */
function fakeDatabaseDir(marker: string): string {
  const dir = tempDir('fp-snap-');
  fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  fs.mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'base', '5', '1259'), marker);
  return dir;
}

describe('fillFromSnapshot', () => {
  it('copies the snapshot into a fresh folder and leaves no temporary folder behind', async () => {
    const snapshot = fakeDatabaseDir('from the snapshot');
    const parent = tempDir('fp-data-');
    const dir = path.join(parent, 'db');
    expect(await fillFromSnapshot(snapshot, dir)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'base', '5', '1259'), 'utf8')).toBe('from the snapshot');
    expect(fs.readdirSync(parent)).toEqual(['db']);
  });

  it('leaves a folder that already holds a database alone', async () => {
    const snapshot = fakeDatabaseDir('from the snapshot');
    const dir = fakeDatabaseDir('the user data');
    expect(await fillFromSnapshot(snapshot, dir)).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'base', '5', '1259'), 'utf8')).toBe('the user data');
  });

  it('does nothing without a usable snapshot', async () => {
    const dir = path.join(tempDir('fp-data-'), 'db');
    expect(await fillFromSnapshot(undefined, dir)).toBe(false);
    expect(await fillFromSnapshot(tempDir('fp-empty-'), dir)).toBe(false);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('replaces an empty folder left by an earlier start', async () => {
    const snapshot = fakeDatabaseDir('from the snapshot');
    const dir = path.join(tempDir('fp-data-'), 'db');
    fs.mkdirSync(dir);
    expect(await fillFromSnapshot(snapshot, dir)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  });
});

describe('pruneStaleSnapshots', () => {
  it("removes earlier versions' snapshots and abandoned half-made ones, and keeps this version's, its bigger ones and one being made", () => {
    const folder = tempDir('fp-cache-');
    const gone = 2 ** 22 + 1; // above Linux's largest process id, so no process has it
    const names = [
      'pglite-demo-aaaa',
      'pglite-demo-aaaa-50000-doctors',
      `pglite-demo-aaaa-50000-doctors.${process.pid}.tmp`,
      'pglite-demo-bbbb',
      'pglite-demo-bbbb-50000-doctors',
      `pglite-demo-cccc.${gone}.tmp`,
      `pglite-demo-dddd.${process.pid}.tmp`,
      'something-else',
    ];
    for (const name of names) fs.mkdirSync(path.join(folder, name));
    pruneStaleSnapshots(path.join(folder, 'pglite-demo-aaaa'));
    expect(fs.readdirSync(folder).sort()).toEqual(
      [
        'pglite-demo-aaaa',
        'pglite-demo-aaaa-50000-doctors',
        `pglite-demo-aaaa-50000-doctors.${process.pid}.tmp`,
        `pglite-demo-dddd.${process.pid}.tmp`,
        'something-else',
      ].sort(),
    );
  });
});

describe('the demo snapshot', () => {
  it('holds the demo data in the postgres database, without the two template databases', async () => {
    const dir = path.join(tempDir('fp-data-'), 'db');
    const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: await buildDemoTemplate() });
    try {
      expect(await database.query('select datname from pg_database order by datname')).toEqual([{ datname: 'postgres' }]);
      const [users] = await database.query<{ n: number }>(`select count(*)::int as n from users where username in ('admin', 'operator', 'rep01')`);
      expect(users!.n).toBe(3);
    } finally {
      await database.close();
    }
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the server's entry point as `npm start` does (through tsx here), with the given
 * environment; once it answers, `whileUp` runs against it and the server is stopped.
 */
async function runServer(env: Record<string, string>, whileUp?: (url: string) => Promise<void>): Promise<Run> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((run.code = code), resolve())));
  if (whileUp) {
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (run.code !== null || Date.now() > deadline) throw new Error(`the server did not come up: ${run.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    try {
      await whileUp(url);
    } finally {
      child.kill('SIGTERM');
    }
  }
  await exited;
  return run;
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}${API.system.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { access_token: string } }).result.access_token;
}

describe('the server process', () => {
  // Two real starts of the server process: on a loaded machine each can take 20 s or more.
  it('starts on a fresh DATA_DIR with the demo data, prints the URL and the accounts, and keeps its sessions across restarts', async () => {
    const dataDir = path.join(tempDir('fp-start-'), 'data');
    let token = '';
    const first = await runServer({ DATA_DIR: dataDir }, async (url) => {
      token = await login(url, 'rep01');
    });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Field Portal is running at http:\/\/localhost:\d+/);
    expect(first.stdout).toContain('admin (everything), operator (card operator), rep01 (sales representative)');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['db', 'jwt-secret']);

    // The session (a database row) and the signing secret (a file) of the first run still hold.
    const second = await runServer({ DATA_DIR: dataDir }, async (url) => {
      const res = await fetch(`${url}${API.system.userInfo}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { username: string } }).result.username).toBe('rep01');
    });
    expect(second.code).toBe(0);
  }, 120_000);

  it('refuses to start on a bad setting and names it', async () => {
    const run = await runServer({ DATA_DIR: tempDir('fp-start-'), PORT: 'eighty', JWT_SECRET: 'short', DEMO_DOCTORS: '5000' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('JWT_SECRET: must be at least 32 characters');
    expect(run.stderr).toContain('DEMO_DOCTORS: must be a whole number from 20000 to 1000000');
  });
});
