import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * A key for one purpose, derived from the portal's signing secret (JWT_SECRET, else the one kept
 * in DATA_DIR): it differs from the access-token key and from every other purpose's key, and every
 * instance sharing the secret derives the same one.
 */
export function derivedKey(config: Config, purpose: string): Buffer {
  let secret = config.jwtSecret;
  if (!secret) {
    const file = path.join(config.dataDir, 'jwt-secret');
    secret = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : crypto.randomBytes(48).toString('base64url');
  }
  return crypto.createHmac('sha256', secret).update(purpose).digest();
}
