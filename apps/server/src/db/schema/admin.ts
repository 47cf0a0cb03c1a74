import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './org.js';

/** Tables of system administration. */

/**
 * Audit log: one row per administrative change (who, when, what, before and after).
 * Rows are only ever inserted; `before` is null for a creation, `after` null for a deletion.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    /** What was done: create, update, delete, enable, disable, import, … */
    action: text('action').notNull(),
    /** The kind of record changed: user, role, menu, organisation, language, … */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * The text catalogue (spec 001 section 3, language entry): one content per language and key;
 * `{}` in a content marks a parameter. The web's interface text comes from it, with the
 * built-in labels as the fallback.
 */
export const langEntries = pgTable(
  'lang_entries',
  {
    id: serial('id').primaryKey(),
    langType: text('lang_type').notNull(),
    key: text('key').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lang_entries_lang_key_idx').on(t.langType, t.key), check('lang_entries_lang_check', sql`${t.langType} in ('zh', 'en')`)],
);

/**
 * The catalogue entries each release gave this database, with the text it shipped (docs/decisions/0060):
 * an entry still holding that text takes the next release's wording; one an administrator changed
 * (or whose first text is not known) keeps its own; one given and since deleted stays deleted.
 */
export const releaseTexts = pgTable(
  'release_texts',
  {
    langType: text('lang_type').notNull(),
    key: text('key').notNull(),
    shipped: text('shipped'),
  },
  (t) => [primaryKey({ columns: [t.langType, t.key] })],
);

/**
 * Data permissions (spec 001 section 3): a user's view right on one hospital (value = its id)
 * or one province (value = its name). They apply to users whose roles all have data scope `custom`.
 */
export const dataPermissions = pgTable(
  'data_permissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionType: text('permission_type').notNull(),
    permissionValue: text('permission_value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_permissions_user_value_idx').on(t.userId, t.permissionType, t.permissionValue),
    check('data_permissions_type_check', sql`${t.permissionType} in ('hospital', 'province')`),
  ],
);
