import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminPage, AuditItem, auditListQuery } from '@field-portal/shared';
import { selectRows, type Db } from '../../db/client.js';
import { likePattern } from './common.js';

interface AuditRow {
  id: string | number;
  at: Date | string;
  actor_id: number;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
}

/** The audit log, newest first, by kind of record, action and actor or record id. */
export async function listAudit(db: Db, query: z.output<typeof auditListQuery>): Promise<AdminPage<AuditItem>> {
  const parts: SQL[] = [sql`true`];
  if (query.entity) parts.push(sql`a.entity = ${query.entity}`);
  if (query.action) parts.push(sql`a.action = ${query.action}`);
  if (query.keyword) parts.push(sql`(a.actor_name ilike ${likePattern(query.keyword)} or a.entity_id = ${query.keyword})`);
  const where = sql.join(parts, sql` and `);
  const [total] = await selectRows<{ n: string }>(db, sql`select count(*) as n from audit_log a where ${where}`);
  const rows = await selectRows<AuditRow>(
    db,
    sql`select * from audit_log a where ${where} order by a.at desc, a.id desc limit ${query.size} offset ${query.page * query.size}`,
  );
  return {
    total: Number(total?.n ?? 0),
    content: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actorId: r.actor_id,
      actorName: r.actor_name,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before,
      after: r.after,
    })),
  };
}
