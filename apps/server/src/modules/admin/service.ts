import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client.js';

/**
 * What other modules read of the admin module's users, roles and menus (ARCHITECTURE.md: a module
 * calls another's service, never its tables).
 */

/** Enabled users who hold a menu through a usable role, in id order (e.g. the smart-suggestions job's "everyone"). */
export async function enabledUsersWithMenu(db: Db | Tx, menuCode: string): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select u.id from users u where u.enabled and exists (
          select 1 from user_roles ur join roles r on r.id = ur.role_id and r.usable
            join role_menus rm on rm.role_id = r.id join menus m on m.id = rm.menu_id
           where ur.user_id = u.id and m.code = ${menuCode}) order by u.id`,
  );
  return rows.map((r) => Number(r.id));
}
