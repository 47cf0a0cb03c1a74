import { queryOptions } from '@tanstack/react-query';
import { SYSTEM_PATHS, type LoginTypeItem, type MenuListResult, type TenantInfo, type UserInfo } from '@field-portal/shared';
import { getResult } from '../http';

/** Everything under this key belongs to the signed-in session and is dropped at sign-in and log-out. */
export const SESSION_KEY = 'session';

export const userInfoQuery = queryOptions({
  queryKey: [SESSION_KEY, 'user'],
  // The start-up guard shows its own message on failure (spec 001 section 2.1).
  queryFn: () => getResult<UserInfo>(SYSTEM_PATHS.userInfo, { params: { isBrief: false }, suppressError: true }),
  staleTime: Infinity,
});

export const menuListQuery = queryOptions({
  queryKey: [SESSION_KEY, 'menus'],
  queryFn: () => getResult<MenuListResult>(SYSTEM_PATHS.menuList),
  staleTime: Infinity,
});

/** Tenant of the current host name: login page, start-up guard and footer. */
export const tenantInfoQuery = (domain: string) =>
  queryOptions({
    queryKey: ['tenant', domain],
    queryFn: () => getResult<TenantInfo>(SYSTEM_PATHS.tenantInfo, { params: { domain }, suppressError: true }),
    staleTime: 10 * 60 * 1000,
  });

export const loginTypeQuery = (domain: string) =>
  queryOptions({
    queryKey: ['loginType', domain],
    queryFn: () => getResult<LoginTypeItem[]>(SYSTEM_PATHS.loginType, { params: { domain }, suppressError: true }),
    staleTime: 10 * 60 * 1000,
  });
