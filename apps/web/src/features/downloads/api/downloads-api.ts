import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API, DOWNLOAD_LIMITS, HTTP, type DownloadJob, type DownloadJobPage, type QueuedDownload } from '@field-portal/shared';
import { getResult, http, postResult, putResult } from '@/lib/http';
import { onNotice } from '@/lib/realtime';

/** Where the badge leads: the download centre's hidden route (seeded menu downloadCentre). */
export const DOWNLOAD_CENTRE_PATH = '/downloadCentre/index';

const KEY = ['downloads'] as const;

/** asyncDownload: queues an export of a template with its parameters; answers at once. */
export function queueDownload(templateName: string, params: object = {}): Promise<QueuedDownload> {
  return postResult<QueuedDownload>(`${API.downloads.asyncDownload}?templateName=${encodeURIComponent(templateName)}`, params, {
    timeout: HTTP.asyncDownloadTimeoutMs,
  });
}

export function listDownloads(pageNum = 1, limitNum: number = DOWNLOAD_LIMITS.pageSizeDefault): Promise<DownloadJobPage> {
  return getResult<DownloadJobPage>(API.downloads.findByCreateBy, { params: { pageNum, limitNum } });
}

export function updateDownloadStatus(id: number, status: 'downloaded' | 'cancel'): Promise<DownloadJob> {
  return putResult<DownloadJob>(API.downloads.updateStatusById, { id, status });
}

/** The finished file, fetched with the bearer token (never a token in a URL) and handed to the browser. */
export async function saveDownload(job: DownloadJob): Promise<void> {
  const response = await http.get<Blob>(API.downloads.file, { params: { id: job.id }, responseType: 'blob', download: true });
  const objectUrl = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = job.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

/**
 * The caller's jobs. Progress arrives over the real-time channel and is written into the cached
 * pages; a job that ends refetches them; without notices the list asks again every 60 s.
 */
export function useDownloads(pageNum = 1, limitNum: number = DOWNLOAD_LIMITS.pageSizeDefault) {
  return useQuery({
    queryKey: [...KEY, pageNum, limitNum],
    queryFn: () => listDownloads(pageNum, limitNum),
    refetchInterval: DOWNLOAD_LIMITS.refreshSeconds * 1000,
    placeholderData: (previous) => previous,
  });
}

/** Keeps the cached download lists current from the real-time notices (mounted once, in the top bar). */
export function useDownloadNotices(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      onNotice((notice) => {
        if (!notice.type.startsWith('download.')) return;
        const data = notice.data as Pick<DownloadJob, 'id' | 'status' | 'rowsDone' | 'rowsTotal' | 'progress'>;
        if (notice.type === 'download.progress') {
          client.setQueriesData<DownloadJobPage>({ queryKey: KEY }, (page) =>
            page
              ? {
                  ...page,
                  result: page.result.map((job) =>
                    job.id === data.id ? { ...job, status: data.status, rowsDone: data.rowsDone, rowsTotal: data.rowsTotal, progress: data.progress } : job,
                  ),
                }
              : page,
          );
          if (!client.getQueriesData<DownloadJobPage>({ queryKey: KEY }).some(([, page]) => page?.result.some((job) => job.id === data.id))) {
            // A fetch under way is kept: notices come every few hundred ms, and cancelling it for each
            // one would keep a list that answers slower than that (the database busy with the export)
            // from ever arriving, and the job from showing until it ends.
            void client.invalidateQueries({ queryKey: KEY }, { cancelRefetch: false });
          }
          return;
        }
        void client.invalidateQueries({ queryKey: KEY });
      }),
    [client],
  );
}

/**
 * The export running now as the real-time notices tell it: its id and progress from the first
 * notice on, before a list that includes it has arrived (on the embedded database a list asked for
 * while an export writes waits for its pages). Cleared when the job's end is told.
 */
export function useLiveDownload(): { id: number; progress: number } | undefined {
  const [live, setLive] = useState<{ id: number; progress: number }>();
  useEffect(
    () =>
      onNotice((notice) => {
        if (!notice.type.startsWith('download.')) return;
        const data = notice.data as Pick<DownloadJob, 'id' | 'status' | 'progress'>;
        setLive((current) =>
          notice.type === 'download.progress' && data.status === 'running'
            ? { id: data.id, progress: data.progress }
            : current?.id === data.id
              ? undefined
              : current,
        );
      }),
    [],
  );
  return live;
}

/** After a queue call: refetch the lists so the badge counts the new job. */
export function useRefreshDownloads(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: KEY });
}
