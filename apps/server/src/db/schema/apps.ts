import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles, users } from './org.js';

/** Tables of app management, data management and message groups (docs/decisions/0010). */

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const appClassifications = pgTable('app_classifications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
});

export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    appKey: text('app_key').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => appClassifications.id, { onDelete: 'restrict' }),
    icon: text('icon').notNull().default(''),
    url: text('url').notNull().default(''),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('apps_classification_idx').on(t.classificationId)],
);

/** Roles that see an app; an app without rows here is for every signed-in user. */
export const appRoles = pgTable(
  'app_roles',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.roleId] }), index('app_roles_role_idx').on(t.roleId)],
);

/** An app's own menu entries and buttons (spec 001 section 7.8, app menu with type MENU). */
export const appMenus = pgTable(
  'app_menus',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    path: text('path').notNull(),
    type: text('type').notNull().default('MENU'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('app_menus_app_path_idx').on(t.appId, t.path)],
);

export const carousels = pgTable('carousels', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
});

export const frequentApps = pgTable(
  'frequent_apps',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

export const recentApps = pgTable(
  'recent_apps',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] }), index('recent_apps_user_used_idx').on(t.userId, t.usedAt)],
);

/** Per-user message value of an app (its badge count). */
export const userAppMessages = pgTable(
  'user_app_messages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    value: integer('value').notNull().default(0),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
);

/** The opening screen page: a single row (id 1). */
export const openingScreens = pgTable('opening_screens', {
  id: integer('id').primaryKey(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  durationSeconds: integer('duration_seconds').notNull().default(3),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: updated(),
});

// ---------------------------------------------------------------- data management (the reference data is in reference.ts)

export const homeCharts = pgTable('home_charts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  chartType: text('chart_type').notNull().default('line'),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
});

// ---------------------------------------------------------------- message groups

export const messageGroups = pgTable('message_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: created(),
  updatedAt: updated(),
});

export const messageGroupMembers = pgTable(
  'message_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => messageGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('message_group_members_user_idx').on(t.userId)],
);

/** Open-api launch signatures already accepted: each is accepted once (docs/decisions/0012). */
export const openApiNonces = pgTable(
  'open_api_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('open_api_nonces_expires_idx').on(t.expiresAt)],
);
