import type { DownloadStatus } from '@field-portal/shared';

/** A download job's row as the queries read it (the service's and the worker's). */
export interface JobRow {
  id: number | string;
  user_id: number;
  created_by: string;
  template_name: string;
  params: Record<string, unknown>;
  lang: string;
  file_name: string;
  status: DownloadStatus;
  rows_done: number;
  rows_total: number | null;
  claim_token: string | null;
  lease_until: string | Date | null;
  attempts: number;
  file_key: string | null;
  size: number | string | null;
  error_key: string | null;
  error_params: Record<string, string | number> | null;
  created_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  expires_at: string | Date | null;
  downloaded_at: string | Date | null;
}
