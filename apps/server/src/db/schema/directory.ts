import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The staff directory: recipients of pushes (ARCHITECTURE.md). */
export const employees = pgTable(
  'employees',
  {
    wwid: text('wwid').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    bu: text('bu').notNull().default(''),
    orgId: integer('org_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employees_name_idx').on(t.name), index('employees_bu_idx').on(t.bu)],
);
