import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../db/client.js';

/**
 * The embedded database is open in one process only, so a backup of a running portal is made by
 * that process: the backup command asks it over a Unix socket in DATA_DIR, which only the data
 * folder's owner can reach and which no network can (docs/decisions/0039).
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** Linux's limit for a socket path is 107 bytes. */
const SOCKET_PATH_MAX = 100;

export class BackupError extends Error {}

const request = z.strictObject({
  copyDatabaseTo: z
    .string()
    .min(1)
    .refine((p) => path.isAbsolute(p), 'must be an absolute path'),
});
const answer = z.union([z.strictObject({ ok: z.literal(true) }), z.strictObject({ error: z.string() })]);

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Is a portal answering on the socket? A socket file left by a stopped process answers nothing. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Listens for backup requests of the embedded database in `dataDir`; returns how to stop. Without a
 * data folder on disk, or with a path too long for a socket, there is nothing to serve (logged).
 */
export async function serveBackupSocket(dataDir: string, database: Pick<Database, 'copyTo'>, log: Log): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  const copyTo = database.copyTo;
  if (!copyTo) return async () => undefined;
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    log.warn({ socket }, 'DATA_DIR is too long a path for the backup socket: npm run backup cannot reach this portal while it runs');
    return async () => undefined;
  }
  if (fs.existsSync(socket)) {
    if (await answers(socket)) {
      log.warn({ socket }, 'another portal answers on the backup socket of this DATA_DIR; this one serves no backups');
      return async () => undefined;
    }
    fs.rmSync(socket, { force: true });
  }
  const server = net.createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 10_000) connection.destroy();
      if (!text.includes('\n')) return;
      connection.removeAllListeners('data');
      void handle(text.slice(0, text.indexOf('\n'))).then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const handle = async (line: string): Promise<z.infer<typeof answer>> => {
    let parsed;
    try {
      parsed = request.safeParse(JSON.parse(line));
    } catch {
      return { error: 'the request is not JSON' };
    }
    if (!parsed.success) return { error: `copyDatabaseTo: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
    const started = Date.now();
    try {
      await copyTo(parsed.data.copyDatabaseTo);
    } catch (error) {
      return { error: (error as Error).message };
    }
    log.info({ ms: Date.now() - started }, 'database copied for a backup');
    return { ok: true };
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/**
 * Asks the portal running on `dataDir` to copy its database to `target`: true when it did, false
 * when no portal answers there (the caller may then open the data folder itself).
 */
export async function copyFromRunningPortal(dataDir: string, target: string): Promise<boolean> {
  const socket = backupSocketPath(dataDir);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    throw new BackupError(
      `The path of DATA_DIR (${dataDir}) is too long for the backup socket: a running portal cannot be asked. Use a DATA_DIR path of at most ${SOCKET_PATH_MAX - 12} characters.`,
    );
  }
  if (!fs.existsSync(socket) || !(await answers(socket))) return false;
  const reply = await new Promise<string>((resolve, reject) => {
    const connection = net.connect(socket);
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (text += chunk));
    connection.once('error', reject);
    connection.once('end', () => resolve(text));
    connection.write(`${JSON.stringify({ copyDatabaseTo: target })}\n`);
  });
  let parsed;
  try {
    parsed = answer.safeParse(JSON.parse(reply));
  } catch {
    throw new BackupError('The running portal closed the backup socket without an answer; see its log');
  }
  if (!parsed.success) throw new BackupError(`The running portal gave an answer this command does not understand: ${reply.trim()}`);
  if ('error' in parsed.data) throw new BackupError(`The running portal could not copy its database: ${parsed.data.error}`);
  return true;
}

/** Is a portal running on this DATA_DIR's embedded database? */
export async function portalRunsOn(dataDir: string): Promise<boolean> {
  const socket = backupSocketPath(dataDir);
  return fs.existsSync(socket) && (await answers(socket));
}
