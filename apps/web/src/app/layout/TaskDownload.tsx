import { Badge, Button, Progress, Tooltip } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DOWNLOAD_LIMITS } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { DOWNLOAD_CENTRE_PATH, useDownloadNotices, useDownloads, useLiveDownload } from '@/features/downloads/api/downloads-api';

/**
 * The task-download button (spec 001 section 2.7): the caller's unfinished and undownloaded
 * exports (at most 99, then 99+), opening the download centre. While an export runs, a ring
 * around the button fills with its progress (the newest running job's rows done of its total).
 */
export function TaskDownload() {
  const { t } = useI18n();
  const navigate = useNavigate();
  useDownloadNotices();
  const query = useDownloads();
  const live = useLiveDownload();
  const jobs = query.data?.result ?? [];
  // The notices' progress first, while the list does not say the job ended; else the list's running job.
  const liveJob = live && jobs.find((job) => job.id === live.id);
  const liveRunning = live && (!liveJob || liveJob.status === 'running' || liveJob.status === 'queued');
  const running = liveRunning ? { progress: live.progress, fileName: liveJob?.fileName } : jobs.find((job) => job.status === 'running');
  const label = running ? [t('topbar.taskDownload'), '·', running.fileName, `${running.progress}%`].filter(Boolean).join(' ') : t('topbar.taskDownload');
  const button = <Button type="text" shape="circle" icon={<CloudDownloadOutlined />} aria-label={label} onClick={() => void navigate(DOWNLOAD_CENTRE_PATH)} />;
  return (
    <Tooltip title={label}>
      <Badge count={query.data?.pending ?? 0} overflowCount={DOWNLOAD_LIMITS.badgeMax} size="small" data-testid="task-download-badge">
        {running ? (
          <span className="fp-task-download-progress" data-testid="task-download-progress" data-progress={running.progress}>
            <Progress type="circle" percent={running.progress} size={34} strokeWidth={8} format={() => null} aria-hidden />
            {button}
          </span>
        ) : (
          button
        )}
      </Badge>
    </Tooltip>
  );
}
