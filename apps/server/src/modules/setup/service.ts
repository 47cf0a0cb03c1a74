import { isNull, sql } from 'drizzle-orm';
import { RESERVED_USERNAMES, type SetupStatus, type TokenResponse } from '@field-portal/shared';
import { selectRows, type Db, type Tx } from '../../db/client.js';
import { setupLinks } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { hashPassword, isCommonPassword } from '../../platform/passwords.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { hasAdministrator, insertFirstAdministrator, nameCompany } from '../admin/index.js';
import { startSession, type AuthDeps } from '../auth/index.js';

/**
 * The first start without demo data (docs/decisions/0041): a one-time setup link while no
 * administrator exists, the setup that creates the first one with the company's name, and the
 * unattended bootstrap from ADMIN_USERNAME / ADMIN_PASSWORD.
 */

/**
 * A new setup link's token while no administrator exists (undefined once one does). Only its hash
 * is stored, in the database, so the link works on every instance; each start adds one, and all
 * die together when the setup is done.
 */
export async function createSetupLink(db: Db): Promise<string | undefined> {
  if (await hasAdministrator(db)) return undefined;
  const { token, hash } = newSecret();
  await db.insert(setupLinks).values({ tokenHash: hash });
  return token;
}

async function liveLink(db: Db | Tx, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const rows = await selectRows<{ id: number }>(db, sql`select id from setup_links where token_hash = ${hashSecret(token)} and used_at is null`);
  return rows.length > 0;
}

export async function setupStatus(db: Db, token: string | undefined): Promise<SetupStatus> {
  const needed = !(await hasAdministrator(db));
  return { needed, tokenValid: needed && (await liveLink(db, token)) };
}

export interface SetupBody {
  token: string;
  companyName: string;
  username: string;
  displayName: string;
  email: string;
  password: string;
}

/** The rules of an administrator's login name and password the schema cannot check. */
function checkAdministrator(username: string, password: string, fields: { username: string; password: string }) {
  if ((RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase())) throw badRequest('setup.usernameReserved', fields.username);
  if (isCommonPassword(password)) throw badRequest('password.common', fields.password);
}

/** Creates the administrator account (admin's rows) and ends every setup link with it, inside the caller's transaction. */
async function insertAdministrator(tx: Tx, values: Parameters<typeof insertFirstAdministrator>[1], now: Date) {
  const user = await insertFirstAdministrator(tx, values, now);
  // Every setup link dies with the first administrator.
  await tx.update(setupLinks).set({ usedAt: now }).where(isNull(setupLinks.usedAt));
  return user;
}

/** One setup at a time, whichever instance it reaches (PostgreSQL and PGlite alike). */
const lockSetup = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('field-portal-setup'))`);

/**
 * The setup page's call: checks the link, creates the first administrator and names the company,
 * in one transaction, and signs the administrator in. A used link (an administrator exists) is
 * 410 setup.done; an unknown one 404 setup.linkInvalid.
 */
export async function completeSetup(deps: AuthDeps, body: SetupBody): Promise<TokenResponse> {
  checkAdministrator(body.username, body.password, { username: 'username', password: 'password' });
  const passwordHash = await hashPassword(body.password);
  const now = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await hasAdministrator(tx)) throw new AppError(410, 'setup.done');
    if (!(await liveLink(tx, body.token))) throw new AppError(404, 'setup.linkInvalid', {}, 'token');
    const user = await insertAdministrator(
      tx,
      { username: body.username, passwordHash, displayName: body.displayName, email: body.email, company: body.companyName, mustChangePassword: false },
      now,
    );
    // The footer's line names the company until an administrator writes another.
    await nameCompany(tx, body.companyName, now);
    return startSession(deps, tx, user);
  });
}

export class BootstrapError extends Error {}

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD: on a portal without an administrator, creates one whose first
 * screen asks for a new password; does nothing when an administrator exists. A password the
 * policy refuses, or a login name taken by another account, stops the start (BootstrapError).
 */
export async function bootstrapAdministrator(db: Db, credentials: { username: string; password: string }, now: Date): Promise<boolean> {
  try {
    checkAdministrator(credentials.username, credentials.password, { username: 'ADMIN_USERNAME', password: 'ADMIN_PASSWORD' });
  } catch (error) {
    if (error instanceof AppError)
      throw new BootstrapError(
        `${error.field}: ${error.key === 'password.common' ? 'this password is too common, choose another' : 'this login name is reserved, choose another'}`,
      );
    throw error;
  }
  if (await hasAdministrator(db)) return false;
  const passwordHash = await hashPassword(credentials.password);
  try {
    return await db.transaction(async (tx) => {
      await lockSetup(tx);
      if (await hasAdministrator(tx)) return false;
      await insertAdministrator(
        tx,
        { username: credentials.username, passwordHash, displayName: credentials.username, email: '', company: '', mustChangePassword: true },
        now,
      );
      return true;
    });
  } catch (error) {
    if (error instanceof AppError && error.key === 'sys.user.usernameDuplicate')
      throw new BootstrapError('ADMIN_USERNAME: an account of this login name exists and is not an administrator; choose another name');
    throw error;
  }
}
