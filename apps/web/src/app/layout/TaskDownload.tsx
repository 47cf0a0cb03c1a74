import { Badge, Button, Tooltip } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DOWNLOAD_LIMITS } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { DOWNLOAD_CENTRE_PATH, useDownloadNotices, useDownloads } from '@/features/downloads/api/downloads-api';

/**
 * The task-download button (spec 001 section 2.7): the caller's unfinished and undownloaded
 * exports (at most 99, then 99+), opening the download centre.
 */
export function TaskDownload() {
  const { t } = useI18n();
  const navigate = useNavigate();
  useDownloadNotices();
  const query = useDownloads();
  const label = t('topbar.taskDownload');
  return (
    <Tooltip title={label}>
      <Badge count={query.data?.pending ?? 0} overflowCount={DOWNLOAD_LIMITS.badgeMax} size="small" data-testid="task-download-badge">
        <Button type="text" shape="circle" icon={<CloudDownloadOutlined />} aria-label={label} onClick={() => void navigate(DOWNLOAD_CENTRE_PATH)} />
      </Badge>
    </Tooltip>
  );
}
