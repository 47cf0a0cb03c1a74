import { z } from 'zod';
import { dbText } from './fields.js';
import { HTTP, PASSWORD } from '../constants.js';

/** POST /API-SYSTEM/login (spec 001 section 7.2). */
export const loginRequest = z.strictObject({
  username: dbText(64).min(1, 'login.usernameRequired'),
  password: z
    .string()
    .min(1, 'login.passwordRequired')
    .max(PASSWORD.max * 2),
  code: z.string().max(32).optional(),
  loginSys: z.string().max(16).default(HTTP.loginSys),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** Token pair, in OAuth's field names so the identity-provider client reads it too. */
export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** Form-encoded refresh (spec 001 section 9.1). */
export const refreshRequest = z.strictObject({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(256),
  client_id: z.string().max(64).optional(),
});

export const logoutRequest = z.strictObject({
  refresh_token: z.string().max(256).optional(),
  /** After a single sign-on, where the identity provider sends the browser once it has logged out too. */
  post_logout_redirect_uri: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});

/** Logout's answer: after a single sign-on, the identity provider's logout page to go to (spec 001 section 4). */
export interface LogoutResponse {
  endSessionUrl?: string;
}

export const passwordChangeRequest = z
  .strictObject({
    oldPassword: z
      .string()
      .min(1, 'password.required')
      .max(PASSWORD.max * 2),
    newPassword: z.string().min(PASSWORD.min, 'password.length').max(PASSWORD.max, 'password.length'),
    confirmPassword: z.string().max(PASSWORD.max * 2),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === value.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'password.sameAsOld' });
    }
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password.mismatch' });
    }
  });
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

/** Login type by domain: a list whose first item has authAddress, name, domain (spec 001 section 3). */
export const loginTypeItem = z.object({
  /** The provider's issuer. */
  authAddress: z.string(),
  name: z.string(),
  domain: z.string(),
  realm: z.string(),
  clientId: z.string(),
  /** Where the browser starts the sign-in (from the provider's discovery document). */
  authorizationEndpoint: z.string(),
});
export type LoginTypeItem = z.infer<typeof loginTypeItem>;

export const tenantInfo = z.object({
  tenantId: z.string(),
  name: z.string(),
  enterpriseName: z.string(),
  domain: z.string(),
  copyright: z.string(),
  filingNumber: z.string(),
});
export type TenantInfo = z.infer<typeof tenantInfo>;

/** User info (spec 001 section 3). */
export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  email: z.string(),
  phone: z.string(),
  avatar: z.string(),
  enabled: z.boolean(),
  enterpriseName: z.string(),
  roles: z.array(z.object({ name: z.string(), nameEn: z.string() })),
  groups: z.array(z.string()),
  buList: z.array(z.string()),
  products: z.array(z.string()),
  officeName: z.string(),
  crc: z.boolean(),
  appKeys: z.array(z.string()),
  /** The account signs in through single sign-on only: it has no portal password. */
  singleSignOn: z.boolean(),
  /** The account was made with a temporary password (ADMIN_PASSWORD): nothing but the password change until it is changed. */
  mustChangeCredentials: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** A menu entry as the menu list returns it (spec 001 section 3). */
export interface MenuEntry {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
  path: string;
  code: string;
  router: string;
  sort: number;
  icon: string;
  hidden: boolean;
  watermark: boolean;
  secondaryMenu: boolean;
  children?: MenuEntry[];
}

export interface MenuListResult {
  /** Permitted entries as a tree, for the side menu and the routes. */
  voList: MenuEntry[];
  /** The same entries flat, for look-ups by router name. */
  menuList: MenuEntry[];
}

export interface HomeStatistics {
  /** `name` and `nameEn` label a figure the built-in labels do not know (data management, home data). */
  stats: { key: string; value: number; unit: string; name?: string; nameEn?: string }[];
  tiles: { key: string; path: string | null; count: number | null }[];
}
