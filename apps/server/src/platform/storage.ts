import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live. Keys are made by the server (never from a file name), so a
 * store can be a folder on disk today and an S3-compatible bucket later.
 */
export interface FileStore {
  /**
   * Writes the bytes under `key`. The body may throw midway (a size limit, a wrong type):
   * then nothing stays behind under the key or beside it, and the error is rethrown.
   */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The stored bytes, or undefined when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the bytes; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** A key for a new file: a random uuid, fanned out over 256 folders. */
export function newStorageKey(id: string = crypto.randomUUID()): string {
  return `${id.slice(0, 2)}/${id}`;
}

export const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/**
 * Files on disk under `${DATA_DIR}/files/`, outside any static route. A file is written to
 * a temporary name beside its final one and renamed only when it is complete, so a
 * refused or broken upload never shows under a key.
 */
export class DiskFileStore implements FileStore {
  constructor(readonly root: string) {}

  /** The path of a key; refuses anything that is not a key this store made. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${crypto.randomBytes(4).toString('hex')}.part`;
    // A deep buffer lets the next chunks arrive while one is being written (the default 16 KiB stalls the socket on every chunk).
    const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES });
    try {
      await pipeline(body, out);
      await fsp.rename(partial, target);
      return { size: out.bytesWritten };
    } catch (error) {
      // The pipeline can reject while the stream is still opening its file: wait for it to
      // close, or the removal could run before the file exists and leave it behind.
      out.destroy();
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /**
   * Removes the temporary files of writes that never finished (a process killed mid-write leaves
   * its `.part` behind) once untouched for `olderThanMs`: a write still under way, here or in
   * another instance sharing the folder, keeps touching its file. Returns how many went.
   */
  async sweepPartials(olderThanMs: number, now: number = Date.now()): Promise<number> {
    let removed = 0;
    let folders: string[];
    try {
      folders = await fsp.readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    for (const folder of folders) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const name of await fsp.readdir(path.join(this.root, folder))) {
        if (!name.endsWith('.part')) continue;
        const file = path.join(this.root, folder, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        if (!stat || now - stat.mtimeMs < olderThanMs) continue;
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
