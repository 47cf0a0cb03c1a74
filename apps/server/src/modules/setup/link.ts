import fs from 'node:fs/promises';
import path from 'node:path';
import { SETUP_PAGE_PATH } from '@field-portal/shared';
import type { Db } from '../../db/client.js';
import { createSetupLink } from './service.js';

/** Where the start writes the setup link for an operator or a script (mode 0600), beside the database. */
export const SETUP_LINK_FILE = 'setup-link.txt';

/**
 * While no administrator exists: a new setup link, written to DATA_DIR/setup-link.txt (readable by
 * the server's user only) and given to the caller to print; undefined once an administrator exists
 * (and the file, if any, removed).
 */
export async function announceSetupLink(db: Db, dataDir: string, origin: string): Promise<string | undefined> {
  const file = path.join(dataDir, SETUP_LINK_FILE);
  const token = await createSetupLink(db);
  if (!token) {
    await fs.rm(file, { force: true });
    return undefined;
  }
  const link = `${origin}${SETUP_PAGE_PATH}?token=${token}`;
  await fs.mkdir(dataDir, { recursive: true });
  await fs.rm(file, { force: true });
  await fs.writeFile(file, `${link}\n`, { mode: 0o600 });
  return link;
}
