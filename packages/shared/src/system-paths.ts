/**
 * The platform's own API paths (sign-in, tokens, the user, menus; merged into `API.system`). A file
 * of its own so that a page that calls only these (the phone page) does not download every area's
 * path table with `API` (docs/decisions/0016).
 */
export const SYSTEM_PATHS = {
  login: '/API-SYSTEM/login',
  token: '/API-SYSTEM/oauth/token',
  logout: '/API-SYSTEM/logout',
  loginType: '/API-SYSTEM/tenant/loginType',
  tenantInfo: '/API-SYSTEM/tenant/info',
  userInfo: '/API-SYSTEM/user/info',
  menuList: '/API-SYSTEM/menu/list',
  password: '/API-SYSTEM/user/password',
  enterprise: '/API-SYSTEM/enterprise/find',
  homeStatistics: '/API-SYSTEM/home/statistics',
  menuTree: '/API-SYSTEM/menu/tree',
} as const;
