import { sql } from 'drizzle-orm';
import { boolean, index, type AnyPgColumn, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Organisation tree (spec 001 section 3). */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  code: text('code').notNull().default(''),
  type: text('type').notNull().default(''),
  grade: integer('grade').notNull().default(1),
  leader: text('leader').notNull().default(''),
});

/** Portal accounts: people who sign in (ARCHITECTURE.md: employees are a separate directory). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  realName: text('real_name').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  company: text('company').notNull().default(''),
  department: text('department').notNull().default(''),
  language: text('language').notNull().default('zh'),
  employeeNo: text('employee_no').notNull().default(''),
  userType: text('user_type').notNull().default('internal'),
  orgId: integer('org_id'),
  /** The user's manager (an import names them by employee number or username); left empty when the manager goes. */
  managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  buList: text('bu_list')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  groups: text('groups')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  products: text('products')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Made with a temporary password (ADMIN_PASSWORD): the server allows only the password change until it is changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en').notNull().default(''),
  orgId: integer('org_id'),
  dataScope: text('data_scope').notNull().default('all'),
  roleType: text('role_type').notNull().default('business'),
  usable: boolean('usable').notNull().default(true),
  remark: text('remark').notNull().default(''),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Menu tree: each entry is a route of the spec, with its router name and sort value. */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  path: text('path').notNull(),
  router: text('router').notNull().unique(),
  /** Authority marking: the permission identifier the server's route guards check. */
  code: text('code').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  icon: text('icon').notNull().default(''),
  link: text('link').notNull().default(''),
  visible: boolean('visible').notNull().default(true),
  hidden: boolean('hidden').notNull().default(false),
  watermark: boolean('watermark').notNull().default(false),
  secondaryMenu: boolean('secondary_menu').notNull().default(false),
});

/**
 * The released menu entries this database has been given, by router (docs/decisions/0052): an entry
 * of the portal's menu list that is missing from `menus` but listed here was removed by an
 * administrator and stays removed; one listed in neither is new in this release and is added.
 */
export const releaseMenus = pgTable('release_menus', {
  router: text('router').primaryKey(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

/** One sign-in: the family of rotating refresh tokens. Revoking it ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The identity provider's ID token of a single sign-on: the hint its logout asks for. */
    idTokenHint: text('id_token_hint'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Who a user is at an OpenID Connect provider: issuer and subject, never the e-mail (SECURITY.md). */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Invitations' one-time links to set a password (docs/decisions/0072): only the token's SHA-256 is
 * kept; a link works until it expires, is used, or a newer one is made for the same user.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_links_user_idx').on(t.userId)],
);
