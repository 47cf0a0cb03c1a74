import type { Db, Tx } from '../../db/client.js';

/** An account as sign-in sees it. */
export interface SignInAccount {
  id: number;
  username: string;
  enabled: boolean;
}

/** A new account of single sign-on, as the provider's token describes the person. */
export interface SsoAccountValues {
  username: string;
  firstName: string;
  realName: string;
  email: string;
  at: Date;
}

/**
 * What sign-in asks of the accounts, which the administration owns (docs/decisions/0066). Admin
 * imports auth's face (it ends sessions when it disables an account or resets a password), so auth
 * cannot import admin's: the wiring (`app.ts`) hands admin's answers in, as the routes' options.
 */
export interface AccountsDoor {
  /** The account of a username, with its password hash (empty for a single-sign-on account). */
  withPassword(db: Db, username: string): Promise<(SignInAccount & { passwordHash: string }) | undefined>;
  /** The account of an id, enabled or not. */
  byId(db: Db | Tx, id: number): Promise<SignInAccount | undefined>;
  /** Which of these usernames are taken. */
  takenUsernames(tx: Tx, usernames: readonly string[]): Promise<Set<string>>;
  /** A new account without a password, holding the roles of these names that exist. */
  createSsoAccount(tx: Tx, values: SsoAccountValues, roleNames: readonly string[]): Promise<SignInAccount>;
  /** The usable role ids of each of these accounts. */
  usableRoleIds(db: Db, ids: readonly number[]): Promise<Map<number, number[]>>;
  /** Enabled accounts whose login or real name holds the keyword, by login, at most `limit`. */
  searchEnabled(db: Db, keyword: string, limit: number): Promise<{ id: number; username: string; realName: string }[]>;
  /** The login of each of these accounts. */
  usernamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>>;
}
