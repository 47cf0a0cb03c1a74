import { z } from 'zod';
import { dbIdParam, dbText, pageNumber } from '../schemas/fields.js';
import { LANGS, MAINLAND_MOBILE, PASSWORD } from '../constants.js';
import { APPS_LIMITS } from './apps.js';
import { idField, listFormMessage, requiredText } from './apps-fields.js';
import { ADMIN_LIMITS, DATA_SCOPES, ROLE_TYPES, USER_TYPES, PERMISSION_TYPES, USERNAME_PATTERN, LANG_KEY_PATTERN } from './admin.js';

/**
 * Request schemas of this area (zod), apart from its paths, limits and messages so the web entry,
 * which needs those, does not carry zod and these (docs/decisions/0016, 0026).
 */

/* ---------- request schemas (messages are catalogue keys) ---------- */

const id = dbIdParam;
export const adminIdParams = z.strictObject({ id });
const paging = {
  page: pageNumber(0),
  size: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageSizeMax).default(10),
};
const keyword = dbText(100).default('');
const name = dbText(ADMIN_LIMITS.nameMax).min(1);
const optionalText = (max: number) => dbText(max).default('');
/** Deleting something with children needs `cascade=true` (the confirmation). */
export const cascadeQuery = z.strictObject({ cascade: z.enum(['true', 'false']).default('false') });

export const langListQuery = z.strictObject({ ...paging, langType: z.enum(LANGS).optional(), keyword });
export const langCatalogueQuery = z.strictObject({ langType: z.enum(LANGS) });
export const langRequest = z.strictObject({
  langType: z.enum(LANGS),
  key: dbText(ADMIN_LIMITS.langKeyMax).min(1).regex(LANG_KEY_PATTERN, 'sys.lang.keyFormat'),
  content: z.string().min(1).max(ADMIN_LIMITS.langContentMax),
});
export type LangRequest = z.input<typeof langRequest>;

export const orgRequest = z.strictObject({
  name,
  nameEn: optionalText(ADMIN_LIMITS.nameMax),
  sort: z.number().int().min(0).max(99999).default(0),
  code: optionalText(64),
  type: optionalText(32),
  grade: z.number().int().min(1).max(20).default(1),
  parentId: id.nullable().default(null),
  leader: optionalText(64),
});
export type OrgRequest = z.input<typeof orgRequest>;

export const menuRequest = z.strictObject({
  name,
  nameEn: optionalText(ADMIN_LIMITS.nameMax),
  /** Route address. */
  path: dbText(200).min(1).regex(/^\//, 'field.invalid'),
  router: dbText(64)
    .min(1)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'field.invalid'),
  /** Authority marking. */
  code: optionalText(128),
  link: z.union([z.literal(''), dbText(500).regex(/^(https?|ftp):\/\/\S+$/, 'field.invalid')]).default(''),
  sort: z.number().int().min(0).max(99999).default(0),
  visible: z.boolean().default(true),
  hidden: z.boolean().default(false),
  icon: optionalText(64),
  parentId: id.nullable().default(null),
});
export type MenuRequest = z.input<typeof menuRequest>;

export const roleListQuery = z.strictObject({ ...paging, keyword });
export const roleRequest = z.strictObject({
  name,
  nameEn: optionalText(ADMIN_LIMITS.nameMax),
  orgId: id.nullable().default(null),
  dataScope: z.enum(DATA_SCOPES).default('all'),
  roleType: z.enum(ROLE_TYPES).default('business'),
  usable: z.boolean().default(true),
  remark: optionalText(ADMIN_LIMITS.remarkMax),
  /** Permissions: the menus (and so their authority markings) the role grants. */
  menuIds: z.array(id).max(5000).default([]),
});
export type RoleRequest = z.input<typeof roleRequest>;

export const userListQuery = z.strictObject({
  ...paging,
  keyword,
  enabled: z.enum(['true', 'false']).optional(),
  userType: z.enum(USER_TYPES).optional(),
  roleId: id.optional(),
  orgId: id.optional(),
});

const userFields = {
  realName: optionalText(64),
  firstName: optionalText(64),
  company: optionalText(128),
  department: optionalText(128),
  phone: optionalText(32),
  mobile: z.union([z.literal(''), z.string().trim().regex(MAINLAND_MOBILE, 'sys.user.mobileFormat')]).default(''),
  language: z.enum(LANGS).default('zh'),
  employeeNo: optionalText(32),
  email: z.union([z.literal(''), dbText(128).email('sys.user.emailFormat')]).default(''),
  enabled: z.boolean().default(true),
  userType: z.enum(USER_TYPES).default('internal'),
  orgId: id.nullable().default(null),
  roleIds: z.array(id).max(200).default([]),
  newPassword: z
    .string()
    .max(PASSWORD.max * 2)
    .default(''),
  confirmPassword: z
    .string()
    .max(PASSWORD.max * 2)
    .default(''),
};

function passwordRules(value: { newPassword: string; confirmPassword: string; roleIds: number[] }, ctx: z.RefinementCtx, required: boolean) {
  if (value.roleIds.length === 0) ctx.addIssue({ code: 'custom', path: ['roleIds'], message: 'sys.user.roleRequired' });
  if (!value.newPassword) {
    if (required) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'sys.user.passwordRequired' });
    return;
  }
  if (value.newPassword.length < PASSWORD.min || value.newPassword.length > PASSWORD.max) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'password.length' });
  } else if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password.mismatch' });
  }
}

/** Create: login name and password required, at least one role (spec 001 section 5). */
export const userCreateRequest = z
  .strictObject({ username: dbText(64).min(1).regex(USERNAME_PATTERN, 'sys.user.usernameFormat'), ...userFields })
  .superRefine((value, ctx) => passwordRules(value, ctx, true));
export type UserCreateRequest = z.input<typeof userCreateRequest>;

/** Edit: the login name stays; the password changes only when a new one is given. */
export const userUpdateRequest = z.strictObject(userFields).superRefine((value, ctx) => passwordRules(value, ctx, false));
export type UserUpdateRequest = z.input<typeof userUpdateRequest>;

export const userEnabledRequest = z.strictObject({ enabled: z.boolean() });

/** An administrator sets a new password: new and confirm must match. */
export const userPasswordRequest = z
  .strictObject({
    newPassword: z.string().min(PASSWORD.min, 'password.length').max(PASSWORD.max, 'password.length'),
    confirmPassword: z.string().max(PASSWORD.max * 2),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password.mismatch' });
  });

/** Invitations for up to ADMIN_LIMITS.inviteMax users by id (docs/decisions/0072). */
export const userInviteRequest = z.strictObject({
  ids: z.array(id, 'sys.invite.idsRequired').min(1, 'sys.invite.idsRequired').max(ADMIN_LIMITS.inviteMax, 'sys.invite.tooMany'),
});

const inviteToken = z.string('passwordLink.invalid').min(1, 'passwordLink.invalid').max(ADMIN_LIMITS.inviteTokenMax, 'passwordLink.invalid');
export const passwordLinkQuery = z.strictObject({ token: inviteToken });
/** The password set with an invitation's link: the portal's rules, new and confirm equal. */
export const passwordLinkRequest = z
  .strictObject({
    token: inviteToken,
    password: z.string().min(PASSWORD.min, 'password.length').max(PASSWORD.max, 'password.length'),
    confirmPassword: z.string().max(PASSWORD.max * 2),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password.mismatch' });
  });
export type PasswordLinkRequest = z.input<typeof passwordLinkRequest>;

export const permissionListQuery = z.strictObject({ ...paging, keyword, userId: id.optional(), permissionType: z.enum(PERMISSION_TYPES).optional() });
export const permissionRequest = z.strictObject({
  userId: id,
  permissionType: z.enum(PERMISSION_TYPES),
  permissionValue: dbText(64).min(1),
});
export type PermissionRequest = z.input<typeof permissionRequest>;

export const auditListQuery = z.strictObject({
  ...paging,
  entity: dbText(32).optional(),
  action: dbText(32).optional(),
  keyword,
});

/* ---------- enterprise settings and message groups (served under /API-APPS, checked as its lists are) ---------- */

export const messageGroupInput = z.strictObject({
  name: requiredText('group.nameRequired'),
  description: optionalText(APPS_LIMITS.textMax),
  memberIds: z
    .array(idField)
    .max(APPS_LIMITS.groupMembersMax)
    .refine((ids) => new Set(ids).size === ids.length, listFormMessage('group.memberDuplicate'))
    .default([]),
});
export const messageGroupUpdate = messageGroupInput.extend({ id: idField });
export interface MessageGroupRecord {
  id: number;
  name: string;
  description: string;
  memberIds: number[];
  members: { id: number; username: string; firstName: string }[];
  updatedAt: string;
}

export const enterpriseInput = z.strictObject({
  name: requiredText('enterprise.nameRequired'),
  enterpriseName: requiredText('enterprise.enterpriseNameRequired', 100),
  domain: z
    .string()
    .trim()
    .max(253)
    .regex(
      /^$|^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
      listFormMessage('enterprise.domainInvalid'),
    )
    .default(''),
  copyright: optionalText(APPS_LIMITS.textMax),
  filingNumber: optionalText(100),
});
export interface EnterpriseRecord {
  tenantId: string;
  name: string;
  enterpriseName: string;
  domain: string;
  copyright: string;
  filingNumber: string;
}
