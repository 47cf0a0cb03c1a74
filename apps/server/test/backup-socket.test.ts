import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupSocketPath, BackupError, copyFromRunningPortal, portalRunsOn, serveBackupSocket } from '../src/ops/backup-socket.js';

/** The socket a running embedded portal answers backups on (docs/decisions/0039), with a stand-in for the database's copy. */
const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
const log = { lines: [] as string[], info: (_: object, msg: string) => log.lines.push(msg), warn: (_: object, msg: string) => log.lines.push(msg) };

function dataDir(): string {
  // Short: a socket path has a limit of its own.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-sock-'));
  dirs.push(dir);
  return dir;
}

async function serve(dir: string, copyTo: (target: string) => Promise<void>) {
  const stop = await serveBackupSocket(dir, { copyTo }, log);
  stops.push(stop);
  return stop;
}

/** One raw request line and the answer line. */
function ask(dir: string, line: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(backupSocketPath(dir));
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (text += chunk));
    connection.once('error', reject);
    connection.once('end', () => resolve(JSON.parse(text)));
    connection.write(`${line}\n`);
  });
}

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  log.lines = [];
});

describe('the backup socket', () => {
  it('copies the database where the backup command asks, and only the owner can reach it', async () => {
    const dir = dataDir();
    const asked: string[] = [];
    await serve(dir, async (target) => {
      asked.push(target);
    });
    expect(fs.statSync(backupSocketPath(dir)).mode & 0o777).toBe(0o600);
    expect(await portalRunsOn(dir)).toBe(true);
    expect(await copyFromRunningPortal(dir, '/backups/field-portal-x/database')).toBe(true);
    expect(asked).toEqual(['/backups/field-portal-x/database']);
    expect(log.lines).toContain('database copied for a backup');
  });

  it('refuses a request that is not JSON or names no absolute path, and copies nothing', async () => {
    const dir = dataDir();
    const asked: string[] = [];
    await serve(dir, async (target) => {
      asked.push(target);
    });
    expect(await ask(dir, 'copy please')).toEqual({ error: 'the request is not JSON' });
    expect(await ask(dir, JSON.stringify({ copyDatabaseTo: 'backups/x' }))).toEqual({ error: 'copyDatabaseTo: must be an absolute path' });
    expect(await ask(dir, JSON.stringify({ copyDatabaseTo: '/x', extra: 1 }))).toMatchObject({ error: expect.stringContaining('extra') });
    expect(asked).toEqual([]);
  });

  it('tells the backup command when the copy failed', async () => {
    const dir = dataDir();
    await serve(dir, async () => {
      throw new Error('disk full');
    });
    const copy = copyFromRunningPortal(dir, '/backups/x');
    await expect(copy).rejects.toBeInstanceOf(BackupError);
    await expect(copy).rejects.toThrow('The running portal could not copy its database: disk full');
  });

  it('answers "not running" without a portal, and a new portal takes over a socket file left by a stopped one', async () => {
    const dir = dataDir();
    expect(await copyFromRunningPortal(dir, '/backups/x')).toBe(false);
    // A file of the socket's name that nothing listens on, as a killed process leaves it.
    fs.writeFileSync(backupSocketPath(dir), '');
    expect(await portalRunsOn(dir)).toBe(false);
    expect(await copyFromRunningPortal(dir, '/backups/x')).toBe(false);
    await serve(dir, async () => undefined);
    expect(await copyFromRunningPortal(dir, '/backups/x')).toBe(true);
  });

  it('serves nothing beside another portal answering on the same DATA_DIR', async () => {
    const dir = dataDir();
    await serve(dir, async () => undefined);
    await serve(dir, async () => {
      throw new Error('the second portal must not copy');
    });
    expect(log.lines).toContain('another portal answers on the backup socket of this DATA_DIR; this one serves no backups');
    expect(await copyFromRunningPortal(dir, '/backups/x')).toBe(true);
  });
});
