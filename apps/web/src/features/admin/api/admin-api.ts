import {
  adminPath,
  API,
  type AdminPage,
  type AuditItem,
  type HospitalItem,
  type LangEntry,
  type LangRequest,
  type MenuNode,
  type MenuRequest,
  type OrgNode,
  type OrgRequest,
  type PermissionImportResult,
  type PermissionItem,
  type PermissionRequest,
  type RegionOption,
  type RoleItem,
  type RoleRequest,
  type SystemEnvelope,
  type UserCreateRequest,
  type UserInviteResult,
  type UserItem,
  type UserUpdateRequest,
} from '@field-portal/shared';
import { getResult, http, postResult, putResult } from '@/lib/http';

const A = API.admin;
const byId = (path: string, id: number) => adminPath(path, { id });
/** Form screens show the server's answer next to the field it names, so the global toast is off. */
const quiet = { suppressError: true };

async function del<T>(url: string, params?: object): Promise<T> {
  const response = await http.delete<SystemEnvelope<T>>(url, { params, suppressError: true });
  return response.data.result;
}

export interface PageQuery {
  page: number;
  size: number;
  keyword?: string;
}

export const adminApi = {
  langList: (q: PageQuery & { langType?: string }) => getResult<AdminPage<LangEntry>>(A.langList, { params: q }),
  langSave: (body: LangRequest, id?: number) => (id ? putResult<LangEntry>(byId(A.langById, id), body, quiet) : postResult<LangEntry>(A.lang, body, quiet)),
  langDelete: (id: number) => del<unknown>(byId(A.langById, id)),

  orgTree: () => getResult<OrgNode[]>(A.orgTree),
  orgSave: (body: OrgRequest, id?: number) => (id ? putResult<OrgNode>(byId(A.orgById, id), body, quiet) : postResult<OrgNode>(A.org, body, quiet)),
  orgDelete: (id: number, cascade: boolean) => del<{ deleted: number }>(byId(A.orgById, id), { cascade }),

  menuTree: () => getResult<MenuNode[]>(A.menuManageTree),
  menuSave: (body: MenuRequest, id?: number) => (id ? putResult<MenuNode>(byId(A.menuById, id), body, quiet) : postResult<MenuNode>(A.menu, body, quiet)),
  menuDelete: (id: number, cascade: boolean) => del<{ deleted: number }>(byId(A.menuById, id), { cascade }),

  roleList: (q: PageQuery) => getResult<AdminPage<RoleItem>>(A.roleList, { params: q }),
  roleOptions: () => getResult<{ id: number; name: string; nameEn: string; usable: boolean }[]>(A.roleOptions),
  roleSave: (body: RoleRequest, id?: number) => (id ? putResult<RoleItem>(byId(A.roleById, id), body, quiet) : postResult<RoleItem>(A.role, body, quiet)),
  roleDelete: (id: number) => del<unknown>(byId(A.roleById, id)),

  userList: (q: PageQuery & { enabled?: string; userType?: string }) => getResult<AdminPage<UserItem>>(A.userList, { params: q }),
  userCreate: (body: UserCreateRequest) => postResult<UserItem>(A.user, body, quiet),
  userUpdate: (id: number, body: UserUpdateRequest) => putResult<UserItem>(byId(A.userById, id), body, quiet),
  userEnabled: (id: number, enabled: boolean) => putResult<UserItem>(byId(A.userEnabled, id), { enabled }, quiet),
  userDelete: (id: number) => del<unknown>(byId(A.userById, id)),
  userInvite: (ids: number[]) => postResult<UserInviteResult>(A.userInvite, { ids }, quiet),

  permissionList: (q: PageQuery & { permissionType?: string }) => getResult<AdminPage<PermissionItem>>(A.permissionList, { params: q }),
  permissionCreate: (body: PermissionRequest) => postResult<PermissionItem>(A.permission, body, quiet),
  permissionDelete: (id: number) => del<unknown>(byId(A.permissionById, id)),
  permissionImport: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return postResult<PermissionImportResult>(A.permissionImport, form, quiet);
  },
  hospitals: (keyword: string) => getResult<AdminPage<HospitalItem>>(API.customers.hospital.list, { params: { keyword, size: 50 } }),
  provinces: () => getResult<RegionOption[]>(API.customers.hospital.province).then((rows) => rows.map((p) => p.name)),

  auditList: (q: PageQuery & { entity?: string }) => getResult<AdminPage<AuditItem>>(A.auditList, { params: q }),
};

/** Drops empty filter values, so the query string carries only what was chosen. */
export function compact<T extends object>(params: T): T {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}
