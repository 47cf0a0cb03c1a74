import { fillPath, type Page, type SystemEnvelope } from '@field-portal/shared';
import { getResult, http, postResult, putResult } from '@/lib/http';

/** The calls of a list entity (the `/API-APPS` tables: apps, reference tables, home data, message groups). */
export interface CrudPaths {
  list: string;
  create: string;
  update: string;
  remove: string;
  /** One record by its id (the screens that open one record by its id). */
  one?: string;
}

export interface ListParams {
  page: number;
  size: number;
  search: string;
}

// The screens show refusals at the field or in their own toast.
const quiet = { suppressError: true } as const;

export const crudApi = {
  list: <R>(paths: CrudPaths, params: ListParams) =>
    getResult<Page<R>>(paths.list, { params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')) }),
  one: <R>(paths: { one: string }, id: number) => getResult<R>(fillPath(paths.one, { id }), quiet),
  save: <R>(paths: CrudPaths, body: object, id?: number) =>
    id ? putResult<R>(paths.update, { ...body, id }, quiet) : postResult<R>(paths.create, body, quiet),
  remove: async (paths: CrudPaths, id: number) => (await http.delete<SystemEnvelope<object>>(fillPath(paths.remove, { id }), quiet)).data.result,
};
