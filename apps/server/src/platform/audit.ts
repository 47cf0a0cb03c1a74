import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export interface AuditEntry {
  actorId: number;
  actorName: string;
  /** What was done: create, update, delete, enable, disable, import, … */
  action: string;
  /** The kind of record changed: user, role, menu, organisation, language, … */
  entity: string;
  entityId: string;
  /** The record before the change (null or undefined for a creation). */
  before: unknown;
  /** The record after the change (null or undefined for a deletion). */
  after: unknown;
}

/** Turns a value into plain JSON (dates become ISO text; undefined becomes null). */
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Fields never written to the audit log, whatever record they appear in. */
const SECRET_KEYS = new Set(['passwordHash', 'password_hash', 'password', 'newPassword', 'oldPassword']);

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_KEYS.has(k) ? '***' : redact(v);
    }
    return out;
  }
  return value;
}

/**
 * Records one administrative change. Call it inside the transaction that makes the change, so
 * the change and its audit row are written together or not at all.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorName: entry.actorName,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: redact(toJson(entry.before)),
    after: redact(toJson(entry.after)),
  });
}
