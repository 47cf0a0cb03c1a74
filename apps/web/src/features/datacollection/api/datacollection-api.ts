import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type DataCollectionPage, type DataCollectionRequest, type DataCollectionStatus } from '@field-portal/shared';
import { getResult, http, putResult } from '@/lib/http';
import { onNotice } from '@/lib/realtime';

const P = API.dataCollection;
export const DATA_COLLECTION_KEY = ['dataCollection'] as const;

export interface DataCollectionValues {
  sourcePlatform?: string;
  content?: string;
  remarks?: string;
  realTime: boolean;
  contactName: string;
  contactPhone: string;
  wechat?: string;
  qq?: string;
}

/** submit: the form's fields first, then the file (the server checks the fields before it stores a byte). */
export async function submitRequest(values: DataCollectionValues, file: File | undefined): Promise<DataCollectionRequest> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') form.append(name, String(value));
  if (file) form.append('file', file);
  const response = await http.post<{ result: DataCollectionRequest }>(P.submit, form);
  return response.data.result;
}

export interface ListQuery {
  status?: DataCollectionStatus;
  pageNum: number;
  limitNum: number;
}

export const listMine = (query: ListQuery) => getResult<DataCollectionPage>(P.mine, { params: query });
export const listAll = (query: ListQuery) => getResult<DataCollectionPage>(P.list, { params: query });
export const updateStatus = (id: number, status: DataCollectionStatus, reply?: string) =>
  putResult<DataCollectionRequest>(P.updateStatus, reply ? { id, status, reply } : { id, status });

/** The attachment, fetched with the bearer token and handed to the browser. */
export async function saveAttachment(request: DataCollectionRequest): Promise<void> {
  const response = await http.get<Blob>(P.file, { params: { id: request.id }, responseType: 'blob', download: true });
  const url = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = request.fileName ?? 'attachment';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The list of one screen, refreshed when a status-change notice arrives over the real-time channel. */
export function useDataCollectionList(scope: 'mine' | 'all', query: ListQuery) {
  const client = useQueryClient();
  useEffect(
    () =>
      onNotice((notice) => {
        if (notice.type === 'dataCollection.status') void client.invalidateQueries({ queryKey: DATA_COLLECTION_KEY });
      }),
    [client],
  );
  return useQuery({
    queryKey: [...DATA_COLLECTION_KEY, scope, query],
    queryFn: () => (scope === 'mine' ? listMine(query) : listAll(query)),
    placeholderData: (previous) => previous,
  });
}
