import { adminPath, API, type AccessTokenCreateRequest, type AccessTokenCreated, type AccessTokenItem, type AccessTokenUser } from '@field-portal/shared';
import { getResult, postResult } from '@/lib/http';

const T = API.accessTokens;
/** The dialog shows the server's answer next to the field it names, so the global toast is off. */
const quiet = { suppressError: true };

/** 系统管理 → 访问令牌 (docs/decisions/0050). */
export const accessTokenApi = {
  list: () => getResult<AccessTokenItem[]>(T.list),
  users: (keyword: string) => getResult<AccessTokenUser[]>(T.users, { params: { keyword } }),
  create: (body: AccessTokenCreateRequest) => postResult<AccessTokenCreated>(T.create, body, quiet),
  revoke: (id: number) => postResult<AccessTokenItem>(adminPath(T.revoke, { id }), {}, quiet),
};
