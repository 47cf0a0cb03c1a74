import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type ImportJob, type ImportKind, type ImportMode, type Lang } from '@field-portal/shared';
import { downloadAuthorised } from '@/lib/download';
import { getResult, http, postResult } from '@/lib/http';
import { onNotice } from '@/lib/realtime';

const P = API.imports;
export const IMPORTS_KEY = ['imports'] as const;

/** The upload: the fields first (the server decides the file's limit from them), then the file. */
export async function uploadImport(kind: ImportKind, fullList: boolean, file: File): Promise<ImportJob> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('fullList', String(fullList));
  form.append('file', file);
  const response = await http.post<{ result: ImportJob }>(P.upload, form, { timeout: 600_000 });
  return response.data.result;
}

export const commitImport = (id: number, mode: ImportMode) => postResult<ImportJob>(P.commit, { id, mode });

/**
 * The template, an .xlsx in the caller's language (the file to fill in, how to fill in each column, the accepted
 * values), fetched with the bearer token; the server names it (`<kind name>-模板.xlsx` / `-template.xlsx`).
 */
export const saveTemplate = (kind: ImportKind) => downloadAuthorised(P.template, { kind });

const unfinished = (job: ImportJob | undefined) => job !== undefined && (job.status === 'queued' || job.status === 'running');

/**
 * One import, followed until it settles: the real-time notices refresh it, and a poll every 2 s covers a lost channel.
 * The refused rows' messages come in the reader's language, so a language switch fetches them again.
 */
export function useImportJob(id: number | undefined, lang: Lang) {
  const client = useQueryClient();
  useEffect(
    () =>
      onNotice((notice) => {
        if (notice.type.startsWith('import.')) void client.invalidateQueries({ queryKey: IMPORTS_KEY });
      }),
    [client],
  );
  return useQuery({
    queryKey: [...IMPORTS_KEY, 'job', id, lang],
    queryFn: () => getResult<ImportJob>(P.job, { params: { id } }),
    enabled: id !== undefined,
    refetchInterval: (query) => (unfinished(query.state.data) ? 2000 : false),
  });
}

export function useImportList() {
  return useQuery({ queryKey: [...IMPORTS_KEY, 'list'], queryFn: () => getResult<ImportJob[]>(P.list) });
}
