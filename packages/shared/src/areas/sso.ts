import type { MessageText } from '../message-text.js';

/**
 * Single sign-on with an OpenID Connect provider (spec 001 sections 2.1, 4 and 7.1;
 * docs/decisions/0013): the browser sends the user to the provider with PKCE S256, state and
 * nonce; the portal's server redeems the code, checks the ID token and starts a portal session.
 */

/** API paths of single sign-on (merged into `API.sso`). */
export const SSO_PATHS = {
  /** POST: the portal's tokens for the provider's authorization response. */
  signIn: '/API-SYSTEM/oidc/login',
} as const;

/**
 * Where the provider sends the browser back. They are real paths (a redirect URI may not hold a
 * fragment); the server forwards each, with its query, to the hash route of the same name.
 */
export const SSO_RETURN_PATHS = {
  callback: '/authredirect',
  logout: '/logout',
} as const;

/** The authorisation-callback state's lifetime in browser storage is SESSION.authCallbackStateMs (spec 001 sections 4 and 9). */
export const SSO_LIMITS = {
  /** What the portal asks the provider for: the ID token with name and e-mail. */
  scope: 'openid profile email',
  callbackUrlMax: 4096,
  /** How long the server waits for the provider (discovery, token endpoint, keys). */
  providerTimeoutSeconds: 10,
} as const;

/** Messages of single sign-on, zh and en (merged into MESSAGES). */
export const SSO_MESSAGES = {
  'sso.failed': { zh: '单点登录失败,请重新登录', en: 'Single sign-on failed, please sign in again' },
  'sso.stateUnknown': {
    zh: '登录请求已过期,或不是从本浏览器发起的,请重新登录',
    en: 'The sign-in request has expired or was not started in this browser, please sign in again',
  },
  'sso.nonceInvalid': { zh: '身份令牌校验失败,请重新登录', en: 'The identity token could not be verified, please sign in again' },
  'sso.unavailable': { zh: '无法连接身份认证服务器,请稍后重试', en: 'The identity server cannot be reached, please try again later' },
  'sso.notConfigured': { zh: '未配置单点登录', en: 'Single sign-on is not configured' },
  'sso.noWebCrypto': {
    zh: '当前浏览器不支持 Web Crypto API,无法进行单点登录',
    en: 'This browser does not support the Web Crypto API, so single sign-on cannot start',
  },
  'sso.noLocalPassword': {
    zh: '该账号通过单点登录进入门户,没有门户密码',
    en: 'This account signs in through single sign-on and has no portal password',
  },
} as const satisfies Record<string, MessageText>;
