import { IMPORTS_AUTHORITY } from './imports.js';
import type { MessageText } from '../message-text.js';

/**
 * Personal access tokens of service accounts (issue 32; docs/decisions/0050): a master-data system
 * calls the import API with `Authorization: Bearer fp_…`. An administrator creates and revokes them
 * (系统管理 → 访问令牌); the token is shown once and only its SHA-256 is kept.
 */

const SYSTEM = '/API-SYSTEM';

export const ACCESS_TOKEN_PATHS = {
  /** GET → AccessTokenItem[]: every token, newest first, never the secret. */
  list: `${SYSTEM}/accessToken/list`,
  /** POST AccessTokenCreateRequest → AccessTokenCreated: the one answer that holds the secret. */
  create: `${SYSTEM}/accessToken`,
  /** POST → AccessTokenItem: revoked at once (a revoked token is refused on its next call). */
  revoke: `${SYSTEM}/accessToken/:id/revoke`,
  /** GET ?keyword= → AccessTokenUser[]: enabled accounts holding an import grant, for the "acts as" picker. */
  users: `${SYSTEM}/accessToken/users`,
} as const;

/** The screen's own grant: 系统管理 → 访问令牌 (the administrator's only, by default). */
export const ACCESS_TOKEN_AUTHORITY = 'system:accessToken';

/** The grants a token may carry: the import centre's, nothing else. */
export const ACCESS_TOKEN_GRANTS = [IMPORTS_AUTHORITY] as const;

/** What every token starts with: a caller (and a secret scanner) can tell it from a sign-in token. */
export const ACCESS_TOKEN_PREFIX = 'fp_';

export const ACCESS_TOKEN_LIMITS = {
  nameMax: 64,
  /** Characters of the token shown in lists (after the prefix), to tell tokens apart. */
  hintLength: 6,
  /** Last use is written at most once in this time per token. */
  lastUseIntervalMs: 60_000,
  /** The latest expiry an administrator may set, in days from now. */
  expiryMaxDays: 3660,
} as const;

export type AccessTokenStatus = 'active' | 'revoked' | 'expired';

export interface AccessTokenItem {
  id: number;
  name: string;
  /** `fp_` and the token's first characters, then `…`. */
  hint: string;
  userId: number;
  username: string;
  grants: string[];
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  revokedBy: string | null;
  lastUsedAt: string | null;
  status: AccessTokenStatus;
}

/** The creation's answer: the only time the secret is ever sent. */
export interface AccessTokenCreated extends AccessTokenItem {
  token: string;
}

export interface AccessTokenUser {
  id: number;
  username: string;
  realName: string;
}

export const ACCESS_TOKEN_MESSAGES = {
  'accessTokens.title': { zh: '访问令牌', en: 'Access tokens' },
  'accessTokens.name.required': { zh: '令牌名称不能为空', en: 'The token name is required' },
  'accessTokens.name.tooLong': { zh: '令牌名称最多 {max} 个字符', en: 'The token name has at most {max} characters' },
  'accessTokens.user.required': { zh: '请选择令牌代表的账号', en: 'Choose the account the token acts as' },
  'accessTokens.user.unknown': { zh: '所选账号不存在或已停用', en: 'The chosen account does not exist or is disabled' },
  'accessTokens.user.lacksGrant': {
    zh: '所选账号没有"{grant}"权限,请先为其分配含该权限的角色',
    en: 'The chosen account does not hold "{grant}"; give it a role with that permission first',
  },
  'accessTokens.grants.required': { zh: '请至少选择一项权限', en: 'Choose at least one permission' },
  'accessTokens.grants.invalid': { zh: '令牌只能被授予导入权限', en: 'A token can only be granted the import permissions' },
  'accessTokens.expiresAt.invalid': { zh: '过期时间格式不正确', en: 'The expiry is not a valid date and time' },
  'accessTokens.expiresAt.past': { zh: '过期时间必须晚于现在', en: 'The expiry must be in the future' },
  'accessTokens.expiresAt.tooFar': { zh: '过期时间最多为 {days} 天后', en: 'The expiry is at most {days} days from now' },
  'accessTokens.notFound': { zh: '令牌不存在', en: 'The token does not exist' },
  'accessTokens.alreadyRevoked': { zh: '该令牌已被吊销', en: 'The token has already been revoked' },
  'accessTokens.grant.dataImport': { zh: '数据导入(导入中心及批量接口)', en: 'Data import (import centre and batch API)' },
} as const satisfies Record<string, MessageText>;
