/**
 * Every API path, server and web alike. Paths the spec shows are kept
 * verbatim; the others are ours (see the OpenAPI page at /docs).
 */
export const API = {
  health: '/healthz',
  system: {
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
  },
  /** Card service (spec 000 section 7): prefix /API-XJP/IdataCardInfo/, envelope { status, msg, data }. */
  cards: {
    newCardId: '/API-XJP/IdataCardInfo/newCardId',
    updateCard: '/API-XJP/IdataCardInfo/updateCard',
    getDraftCard: '/API-XJP/IdataCardInfo/getDraftCard',
    selectCard: '/API-XJP/IdataCardInfo/selectCard',
    uploadCardFile: '/API-XJP/IdataCardInfo/uploadCardFile',
    deleteCardFile: '/API-XJP/IdataCardInfo/deleteCardFile',
    /** Download of an uploaded file; `cardFileUrl(id)` builds the url the upload answers. */
    file: '/API-XJP/IdataCardInfo/file/:fileId',
    findBu: '/API-XJP/IdataCardInfo/findBu',
  },
} as const;
