/** Limits, paths and messages of system administration (spec 001 sections 3 to 6). */

/** API paths of system administration (merged into `API.admin`). */
export const ADMIN_PATHS = {
  /** The text catalogue of one language as { key: content } (public: the login page needs it too). */
  langCatalogue: '/API-SYSTEM/lang/catalogue',
  langList: '/API-SYSTEM/lang/list',
  lang: '/API-SYSTEM/lang',
  langById: '/API-SYSTEM/lang/:id',
  orgTree: '/API-SYSTEM/org/tree',
  org: '/API-SYSTEM/org',
  orgById: '/API-SYSTEM/org/:id',
  menuManageTree: '/API-SYSTEM/menu/manage/tree',
  menu: '/API-SYSTEM/menu',
  menuById: '/API-SYSTEM/menu/:id',
  roleList: '/API-SYSTEM/role/list',
  /** Every role, short form, for the user form's role picker. */
  roleOptions: '/API-SYSTEM/role/options',
  role: '/API-SYSTEM/role',
  roleById: '/API-SYSTEM/role/:id',
  userList: '/API-SYSTEM/user/manage/list',
  user: '/API-SYSTEM/user/manage',
  userById: '/API-SYSTEM/user/manage/:id',
  userEnabled: '/API-SYSTEM/user/manage/:id/enabled',
  userPassword: '/API-SYSTEM/user/manage/:id/password',
  /** Invitations: a one-time link to set a password, by e-mail (docs/decisions/0072). */
  userInvite: '/API-SYSTEM/user/manage/invite',
  /** An invitation's link: whether it is live (GET), and the password set with it (POST); public. */
  passwordLink: '/API-SYSTEM/password-link',
  permissionList: '/API-SYSTEM/dataPermission/list',
  permission: '/API-SYSTEM/dataPermission',
  permissionById: '/API-SYSTEM/dataPermission/:id',
  permissionImport: '/API-SYSTEM/dataPermission/import',
  auditList: '/API-SYSTEM/audit/list',
} as const;

/** Fills `:name` parameters of a path. */
export function adminPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (whole, name: string) => (Object.hasOwn(params, name) ? encodeURIComponent(String(params[name])) : whole));
}

/** Menu authorities (menus.code) of the admin screens (seed/menus.ts: `area:router`). */
export const ADMIN_AUTHORITIES = {
  lang: 'system:lang',
  role: 'system:role',
  org: 'system:org',
  menu: 'system:menuManager',
  user: 'system:user',
  permission: 'dataManage:userPermission',
  /** The audit log: shown on the users screen. */
  audit: 'system:user',
} as const;

export const ADMIN_LIMITS = {
  /** Data-permission import (spec 001 sections 5 and 9): 1M. */
  permissionImportMaxBytes: 1024 * 1024,
  permissionImportExtensions: ['csv', 'xlsx'],
  permissionImportMaxRows: 5000,
  pageSizeMax: 100,
  langKeyMax: 128,
  langContentMax: 2000,
  nameMax: 64,
  remarkMax: 500,
  /** Users invited by one call. */
  inviteMax: 200,
  /** Days an invitation's link works. */
  inviteDays: 7,
  /** An invitation's token in a link (43 characters, base64url of 32 bytes). */
  inviteTokenMax: 100,
  /** Calls of the public password-link page per address and minute. */
  passwordLinkPerMinute: 20,
} as const;

/** The web's page an invitation's link opens (outside the layout, public; docs/decisions/0072). */
export const PASSWORD_LINK_PAGE_PATH = '/setPassword';

/** Role data scope: all data, or only the hospitals and provinces of the user's data permissions. */
export const DATA_SCOPES = ['all', 'custom'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
/** Role type: a system role (administration) or a business role (field work). */
export const ROLE_TYPES = ['system', 'business'] as const;
/** User type (spec 001 section 3): system or internal department. */
export const USER_TYPES = ['system', 'internal'] as const;
export const PERMISSION_TYPES = ['hospital', 'province'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

/** Names users cannot be created with (spec 001 section 5, reserved-name check). */
export const RESERVED_USERNAMES = ['root', 'system', 'administrator', 'null', 'undefined', 'anonymous', 'guest', 'sys'] as const;

/** Login names: letters, digits and . _ - , starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Catalogue keys such as sys.user.save.success. */
export const LANG_KEY_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/* ---------- answers ---------- */

export interface AdminPage<T> {
  total: number;
  content: T[];
}

export interface LangEntry {
  id: number;
  langType: 'zh' | 'en';
  key: string;
  content: string;
  updatedAt: string;
}

export interface OrgNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  sort: number;
  code: string;
  type: string;
  grade: number;
  leader: string;
  children?: OrgNode[];
}

export interface MenuNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  path: string;
  router: string;
  code: string;
  link: string;
  sort: number;
  visible: boolean;
  hidden: boolean;
  icon: string;
  children?: MenuNode[];
}

export interface RoleItem {
  id: number;
  name: string;
  nameEn: string;
  orgId: number | null;
  orgName: string;
  dataScope: DataScope;
  roleType: (typeof ROLE_TYPES)[number];
  usable: boolean;
  remark: string;
  /** The short app key the role name maps to (spec 001 section 6), '' when none. */
  appKey: string;
  userCount: number;
  menuIds: number[];
}

export interface UserItem {
  id: number;
  username: string;
  realName: string;
  firstName: string;
  company: string;
  department: string;
  phone: string;
  mobile: string;
  language: 'zh' | 'en';
  employeeNo: string;
  email: string;
  enabled: boolean;
  userType: (typeof USER_TYPES)[number];
  orgId: number | null;
  orgName: string;
  roleIds: number[];
  roleNames: string[];
  createdAt: string;
}

/** What became of each invited user: mailed, written to the outbox (no mail server), or not invited and why. */
export type InviteStatus = 'sent' | 'outbox' | 'failed' | 'noEmail' | 'disabled' | 'notFound';

export interface UserInviteResult {
  results: { id: number; username: string; email: string; status: InviteStatus }[];
  /** Invitations made (mailed or in the outbox). */
  invited: number;
  /** Users named who got none (no e-mail, disabled, not found, the mail server refused). */
  skipped: number;
  /** Whether the mail went out (a mail server is configured) or waits in DATA_DIR/outbox. */
  transport: 'smtp' | 'outbox';
}

/** An invitation's link as its page asks: live or not, and whose. */
export interface PasswordLinkStatus {
  valid: boolean;
  username?: string;
  realName?: string;
}

export interface PermissionItem {
  id: number;
  userId: number;
  username: string;
  realName: string;
  permissionType: PermissionType;
  permissionValue: string;
  /** The hospital's name for a hospital permission. */
  label: string;
  createdAt: string;
}

export interface PermissionImportResult {
  added: number;
  skipped: number;
}

export interface AuditItem {
  id: number;
  at: string;
  actorId: number;
  actorName: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

export interface HospitalItem {
  id: number;
  name: string;
  province: string;
  city: string;
  level: string;
}
