import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { recordAudit } from '../../platform/audit.js';

/** Who makes an administrative change (for the audit log). */
export interface Actor {
  id: number;
  username: string;
}

export const actorOf = (user: CurrentUser): Actor => ({ id: user.id, username: user.username });

export function audit(tx: Tx, actor: Actor, action: string, entity: string, entityId: number | string, before: unknown, after: unknown) {
  return recordAudit(tx, { actorId: actor.id, actorName: actor.username, action, entity, entityId: String(entityId), before, after });
}

/** `%text%` for ilike, with the pattern characters of the text escaped. */
export { likePattern } from '../../db/like.js';

export { isUniqueViolation } from '../../db/unique.js';

/** The ids of a node of a self-referencing table and all its descendants, the node first. */
export async function subtreeIds(tx: Tx, table: 'organisations' | 'menus', id: number): Promise<number[]> {
  const rows = await selectRows<{ id: number; depth: number }>(
    tx,
    sql`with recursive t(id, depth) as (
          select id, 0 from ${sql.identifier(table)} where id = ${id}
          union
          select c.id, t.depth + 1 from ${sql.identifier(table)} c join t on c.parent_id = t.id
        )
        select id, depth from t order by depth, id`,
  );
  return rows.map((r) => Number(r.id));
}
