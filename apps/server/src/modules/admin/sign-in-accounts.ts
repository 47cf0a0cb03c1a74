import { eq, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { likePattern } from '../../db/like.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { NO_PASSWORD } from '../../platform/passwords.js';
import { usableRoleIdsSql } from '../../platform/menu-catalogue.js';
import type { AccountsDoor } from '../auth/index.js';
import { userRefs } from './people.js';

const account = { id: users.id, username: users.username, enabled: users.enabled };

/**
 * The accounts as sign-in reaches them (docs/decisions/0066): auth asks, admin owns the rows. The
 * wiring hands this to auth's routes; auth never names the users or roles tables.
 */
export const signInAccounts: AccountsDoor = {
  async withPassword(db, username) {
    const [row] = await db
      .select({ ...account, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.username, username))
      .limit(1);
    return row;
  },
  async byId(db, id) {
    const [row] = await db.select(account).from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async takenUsernames(tx, usernames) {
    if (usernames.length === 0) return new Set();
    const rows = await tx
      .select({ username: users.username })
      .from(users)
      .where(inArray(users.username, [...usernames]));
    return new Set(rows.map((row) => row.username));
  },
  async createSsoAccount(tx, values, roleNames) {
    const [created] = await tx
      .insert(users)
      .values({
        username: values.username,
        passwordHash: NO_PASSWORD,
        firstName: values.firstName,
        realName: values.realName,
        email: values.email,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .returning(account);
    if (roleNames.length > 0) {
      const granted = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.name, [...roleNames]));
      if (granted.length > 0) await tx.insert(userRoles).values(granted.map((role) => ({ userId: created!.id, roleId: role.id })));
    }
    return created!;
  },
  async usableRoleIds(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await selectRows<{ id: number; role_ids: number[] | null }>(
      db,
      sql`select u.id, ${usableRoleIdsSql(sql`u.id`)} as role_ids from users u where u.id = any(${sql.param([...ids])}::int[])`,
    );
    return new Map(rows.map((row) => [Number(row.id), (row.role_ids ?? []).map(Number)]));
  },
  async searchEnabled(db, keyword, limit) {
    const pattern = likePattern(keyword);
    const rows = await selectRows<{ id: number; username: string; real_name: string }>(
      db,
      sql`select id, username, real_name from users where enabled and (username ilike ${pattern} or real_name ilike ${pattern}) order by username limit ${limit}`,
    );
    return rows.map((row) => ({ id: row.id, username: row.username, realName: row.real_name }));
  },
  // The same lookup as the names other areas show for a recorded user (people.ts).
  async usernamesOf(db, ids) {
    const refs = await userRefs(db, ids);
    return new Map([...refs].map(([id, ref]) => [id, ref.username]));
  },
};
