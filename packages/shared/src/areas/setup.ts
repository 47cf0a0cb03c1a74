/**
 * First start without demo data (docs/decisions/0041): the one-time setup link creates the first
 * administrator and the company's name. Plain paths outside the spec's, public and rate-limited.
 */
export const SETUP_PATHS = {
  setup: '/API-SYSTEM/setup',
  status: '/API-SYSTEM/setup/status',
} as const;

/** The web's setup page; the console prints `origin + SETUP_PAGE_PATH + ?token=…` (the server forwards it to the hash route). */
export const SETUP_PAGE_PATH = '/setup';

export const SETUP_LIMITS = {
  companyNameMax: 100,
  usernameMax: 64,
  displayNameMax: 64,
  emailMax: 128,
  /** The link's token: 32 random bytes in base64url (43 characters); longer input is refused without a look-up. */
  tokenMax: 128,
  /** Calls per address and minute, status and setup each. */
  perAddressPerMinute: 20,
} as const;

export const SETUP_MESSAGES = {
  'setup.linkInvalid': { zh: '设置链接无效,请使用服务器控制台打印的链接', en: "The setup link is not valid: use the link the server's console printed" },
  'setup.done': { zh: '门户已设置完成,设置链接已失效,请直接登录', en: 'The portal is already set up and the setup link no longer works: sign in instead' },
  'setup.companyNameRequired': { zh: '请填写公司名称', en: 'Please enter the company name' },
  'setup.companyNameLength': {
    zh: `公司名称最多 ${SETUP_LIMITS.companyNameMax} 个字符`,
    en: `The company name must be at most ${SETUP_LIMITS.companyNameMax} characters`,
  },
  'setup.usernameRequired': { zh: '请填写管理员登录名', en: "Please enter the administrator's login name" },
  'setup.usernameLength': { zh: `登录名最多 ${SETUP_LIMITS.usernameMax} 个字符`, en: `The login name must be at most ${SETUP_LIMITS.usernameMax} characters` },
  'setup.usernameFormat': {
    zh: '登录名只能由字母、数字、点、下划线和短横线组成,并以字母或数字开头',
    en: 'The login name may only contain letters, digits, dots, underscores and hyphens, and starts with a letter or digit',
  },
  'setup.usernameReserved': { zh: '该登录名为系统保留,请换一个', en: 'This login name is reserved, choose another' },
  'setup.displayNameRequired': { zh: '请填写管理员姓名', en: "Please enter the administrator's name" },
  'setup.displayNameLength': { zh: `姓名最多 ${SETUP_LIMITS.displayNameMax} 个字符`, en: `The name must be at most ${SETUP_LIMITS.displayNameMax} characters` },
  'setup.emailRequired': { zh: '请填写管理员邮箱', en: "Please enter the administrator's e-mail address" },
  'setup.emailInvalid': { zh: '请填写正确的邮箱', en: 'Please enter a valid e-mail address' },
  'setup.passwordRequired': { zh: '请设置管理员密码', en: "Please choose the administrator's password" },
} as const;

export interface SetupStatus {
  /** No administrator yet: the setup page can be used (with the live link). */
  needed: boolean;
  /** The token given is the live setup link's. */
  tokenValid: boolean;
}
