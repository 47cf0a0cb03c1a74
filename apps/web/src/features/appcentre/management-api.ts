import { queryOptions } from '@tanstack/react-query';
import {
  API,
  fillPath,
  type CarouselRecord,
  type ClassificationRecord,
  type OpeningScreenRecord,
  type OptionRecord,
  type OrgImportResult,
  type SystemEnvelope,
  type UploadedAppFile,
} from '@field-portal/shared';
import { crudApi } from '@/components/crud';
import { getResult, http, postResult, putResult } from '@/lib/http';

/** Calls of app management: apps, classifications, carousel, opening screen, uploads and the organisation import (docs/decisions/0010). */

const P = API.apps;
// The screens show refusals at the field or in their own toast.
const quiet = { suppressError: true } as const;

async function send<T>(method: 'patch' | 'delete', url: string, body?: unknown): Promise<T> {
  const response = method === 'patch' ? await http.patch<SystemEnvelope<T>>(url, body, quiet) : await http.delete<SystemEnvelope<T>>(url, quiet);
  return response.data.result;
}

export const managementApi = {
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
};

/** An uploaded image of this area as a blob (the download needs the bearer token). */
export const appImageQuery = (url: string) =>
  queryOptions({
    queryKey: ['apps', 'image', url],
    queryFn: async () => (await http.get<Blob>(url, { responseType: 'blob', suppressError: true })).data,
    staleTime: Infinity,
  });
