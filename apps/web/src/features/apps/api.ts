import { queryOptions } from '@tanstack/react-query';
import {
  API,
  fillPath,
  type AppRecord,
  type CarouselRecord,
  type ClassificationRecord,
  type EnterpriseRecord,
  type HomeChartSeries,
  type OpeningScreenRecord,
  type OptionRecord,
  type OrgImportResult,
  type Page,
  type SystemEnvelope,
  type UploadedAppFile,
} from '@field-portal/shared';
import { getResult, http, postResult, putResult } from '@/lib/http';

/** Calls of app management, data management, message groups and enterprise settings (docs/decisions/0010). */

const P = API.apps;
// The screens show refusals at the field or in their own toast.
const quiet = { suppressError: true } as const;

async function send<T>(method: 'patch' | 'delete', url: string, body?: unknown): Promise<T> {
  const response = method === 'patch' ? await http.patch<SystemEnvelope<T>>(url, body, quiet) : await http.delete<SystemEnvelope<T>>(url, quiet);
  return response.data.result;
}

/** The four calls of a list entity. */
export interface CrudPaths {
  list: string;
  create: string;
  update: string;
  remove: string;
}

export interface ListParams {
  page: number;
  size: number;
  search: string;
}

export const crudApi = {
  list: <R>(paths: CrudPaths, params: ListParams) =>
    getResult<Page<R>>(paths.list, { params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')) }),
  save: <R>(paths: CrudPaths, body: object, id?: number) =>
    id ? putResult<R>(paths.update, { ...body, id }, quiet) : postResult<R>(paths.create, body, quiet),
  remove: (paths: CrudPaths, id: number) => send<object>('delete', fillPath(paths.remove, { id })),
};

export const appsApi = {
  saveApp: (body: object, id?: number) =>
    id ? putResult<AppRecord>(P.app.update, { ...body, id }, quiet) : postResult<AppRecord>(P.app.initialization, body, quiet),
  deleteApp: (appId: number) => send<object>('delete', fillPath(P.app.remove, { appId })),
  roles: () => getResult<OptionRecord[]>(P.app.roles),
  classifications: () => crudApi.list<ClassificationRecord>(P.classification, { page: 1, size: 100, search: '' }),
  carousels: () => getResult<CarouselRecord[]>(P.carousel.all),
  saveCarousel: (body: object, id?: number) =>
    id ? send<CarouselRecord>('patch', P.carousel.update, { ...body, id }) : putResult<CarouselRecord>(P.carousel.save, body, quiet),
  deleteCarousel: (id: number) => send<object>('delete', fillPath(P.carousel.remove, { id })),
  sortCarousels: (ids: number[]) => send<CarouselRecord[]>('patch', P.carousel.updateSort, { ids }),
  openingScreen: () => getResult<OpeningScreenRecord | null>(P.openingScreen.get),
  saveOpeningScreen: (body: object) => putResult<OpeningScreenRecord>(P.openingScreen.save, body, quiet),
  upload: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return postResult<UploadedAppFile>(P.file.upload, form, quiet);
  },
  importOrgs: async (type: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return postResult<OrgImportResult>(fillPath(P.orgImport, { type }), form, quiet);
  },
  userOptions: (search: string) => getResult<OptionRecord[]>(P.messageGroupUsers, { params: { search } }),
  enterprise: () => getResult<EnterpriseRecord>(P.enterprise.get),
  saveEnterprise: (body: object) => putResult<EnterpriseRecord>(P.enterprise.update, body, quiet),
};

/** The home page's charts. */
export const homeChartsQuery = queryOptions({
  queryKey: ['dashboard', 'charts'],
  queryFn: () => getResult<HomeChartSeries[]>(P.data.homeCharts),
});

/** An uploaded image of this area as a blob (the download needs the bearer token). */
export const appImageQuery = (url: string) =>
  queryOptions({
    queryKey: ['apps', 'image', url],
    queryFn: async () => (await http.get<Blob>(url, { responseType: 'blob', suppressError: true })).data,
    staleTime: Infinity,
  });
